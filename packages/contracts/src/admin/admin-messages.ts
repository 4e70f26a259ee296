/**
 * Texts of the operator console's API (issue 7). The spec has no console, so these are ours; the
 * console shows them as they come (English), like the server messages of the customer site.
 */
export const adminMessages = {
  loginRequired: 'Please log in to the console.',
  sessionEnded: 'Your console session has ended. Please log in again.',
  forbidden: 'Your role does not allow this.',
  companyNotFound: 'Company not found.',
  saved: 'Saved.',
} as const;
