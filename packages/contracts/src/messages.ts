/**
 * Every user-visible text of the spec, reproduced exactly (typos included: they are the product's
 * texts, not ours to correct). Keys are ours; values are the spec's.
 */
export const messages = {
  // Validation (portal spec section 5)
  emailRequired: 'Email required',
  emailRequiredSpaced: ' Email required',
  emailInvalidLogin: 'Please enter a valid Email',
  emailInvalid: 'Enter correct email',
  passwordRequired: 'Password required',
  passwordInvalid: 'Please enter valid password',
  passwordMismatch: 'Password does not match',
  firstNameRequired: 'First name required',
  lastNameRequired: 'Last name required',
  lastNameRequiredSpaced: ' Last name required',
  countryCodeRequired: 'Please select country code',
  mobileRequired: 'Mobile Number required',
  mobileInvalid: 'Enter valid number',
  streetRequired: 'Street address required',
  countryNameRequired: 'Country name required',
  cityRequired: 'city name required',
  stateRequired: 'State name required',
  postcodeRequired: 'Postcode required',
  descriptionRequired: 'Description required',
  nameRequired: 'Name required',
  productServiceRequired: 'Product Service required',
  otpRequired: 'Otp required',
  issueTypeRequired: 'Please select Issue Type',
  ticketDescriptionRequired: 'Please Enter Description',
  fileTooLarge: '{fileName} is more than 20 MB',

  // Outcomes (portal spec sections 4 and 8)
  subscribed: 'Subscribed successfully',
  emailExists: 'The email already exists',
  unsubscribeQuestion: 'Are you sure you want to Unsubscribe newsletter?',
  unsubscribed: 'You have been Unsubscribed successfully',
  writeToUsSent: 'Thank you. Please check your email',
  forgotPasswordSent: 'An email is sent to your account please check and log in.',
  otpIncorrect: 'Please enter correct OTP.',
  otpResent: 'An OTP is Resent to your {email}',
  otpSent: 'An OTP is sent to your {email}',
  loginSuccess: 'Login successfully!',
  otpVerified: 'OTP has been verified successfully!',
  enquirySubmitted: 'Your request have been submitted!',
  profileUpdated: 'Information updated successfully',
  imageUploaded: 'Image uploaded successfully',
  imageRemoved: 'Image removed successfully',
  passwordChanged: 'password successfully changed',
  ticketSubmitted: 'Ticket submitted successfully',
  logoutQuestion: 'Are you sure, you want to logout?',
  noTicketResponse: 'There is no response received yet from admin',

  // Empty states
  dataNotFound: 'Data Not Found',
  noDataAvailable: 'No data available',
  noDataToDisplay: 'No data to display',
  newsNotAvailable: 'News not available.',
  noNewsYet: 'No News Yet',
  domainTaken: 'This Domain is already taken.',

  // Company configuration states
  notRegisteredHeading: '404 Error',
  companyNotRegistered: 'Company not registered yet',
  linkNotAvailable: 'Link not available',
  versionLabel: 'v2.4.33',

  // Catalogue replies of our own (the spec leaves these "not shown")
  noProductServices: 'No products or services are available yet.',
  domainNameRequired: 'Domain name required',
  domainNameInvalid: 'Use 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen',
  domainAvailable: 'This Domain is available.',
  domainCheckUnavailable: 'The domain check is not available right now. Please try again later.',
  productIdInvalid: 'Product ID must be a positive whole number',

  // Accounts: replies of our own (the spec leaves these "not shown")
  emailAlreadyRegistered: 'An account with this email already exists. Please log in or reset your password.',
  invalidCredentials: 'Invalid email or password',
  otpExpired: 'This OTP has expired or was tried too many times. Please request a new one.',
  otpRequestInvalid: 'This code request is no longer valid. Please log in again to get a new code.',
  tooManyLoginAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  forgotUserNameSent: 'If this email is registered, your user name has been sent to it.',
  resetLinkInvalid: 'This password link is invalid, expired or already used. Please request a new one.',
  resetLinkUsed: 'This password link has already been used. If you need to change your password again, please request a new one.',
  resetLinkExpired: 'This password link has expired. Please request a new one.',
  resetLinkValid: 'This password link can be used',
  sessionExpired: 'Your session has expired. Please log in again.',
  loginRequired: 'Please log in to continue.',
  loggedOut: 'Logged out',
  firstNameInvalid: 'First name may contain only letters and spaces',
  lastNameInvalid: 'Last name may contain only letters and spaces',
  cityInvalid: 'City may contain only letters and spaces',
  stateInvalid: 'State may contain only letters and spaces',
  postcodeInvalid: 'Postcode may contain only digits and lower-case letters',
  fieldTooLong: 'This field is too long',
  savedForLater: 'Your product has been successfully saved',

  // Profile and notifications: replies of our own (the spec leaves these "not shown")
  profileFirstNameInvalid: 'First name may contain only letters, spaces and commas',
  profileLastNameInvalid: 'Last name may contain only letters, spaces and commas',
  countryUnknown: 'Choose a country from the list',
  imageRequired: 'Choose an image to upload',
  imageTypeInvalid: 'Only JPEG, PNG, WebP or GIF images can be uploaded',
  imageTooLarge: 'The image must be 2 MB or smaller',
  notificationsRequired: 'Choose at least one notification',
  notificationsUpdated: 'Notifications marked as read',

  // Tickets and saved items: replies of our own (the spec leaves these "not shown")
  ticketDescriptionTooLong: 'Description is too long (at most {max} characters)',
  tooManyAttachments: 'You can attach at most {max} files',
  ticketNotFound: 'Ticket not found',
  attachmentNotFound: 'Attachment not found',
  // The bell's notice (and the mail's subject) when an operator answers a ticket.
  ticketAnswered: 'Your ticket #{id} ({issueType}) has a new response: {status}',
  ticketRequestNotMultipart: 'Send the ticket as a multipart form',
  // The customer's reply under an answer (issue 17, point 4).
  ticketReplyRequired: 'Please write your reply',
  ticketReplyTooLong: 'The reply is too long (at most {max} characters)',
  ticketReplySent: 'Reply sent',
  savedItemNotFound: 'Saved item not found',
  savedItemDeleted: 'Saved item removed',
  countOutOfRange: '{field} must be a whole number from {min} to {max}',
  unitMismatch: '{field} must be {unit}',
  regionUnknown: 'Choose a region from the list',
  timePeriodInvalid: 'Time period must be a whole number of days from 0 to {max}',
  amountInvalid: 'Total amount must be an amount of at most 2 decimals',

  // Payment gateways (purchasing spec section 8: card-wallet result not CREATED, failed capture)
  paymentTryLater: 'Something went wrong. Please try after some time',

  // Purchasing (purchasing spec sections 2, 4, 5 and 8)
  regionRequired: 'Please select Region',
  timePeriodRequired: 'Please select Time Period',
  noPaymentGateway: 'There are some technical issue. Please try after some time',
  paypalZarQuestion: 'PayPal does not support ZAR currency. Would you like to continue payment in USD ?',
  paypalZarQuestionVariant: 'PayPal does not support ZAR Currency. Do you want to continue with PayPal Payment Gateway?',
  purchaseSuccessful: 'Your Purchase is successful !!',
  yourOrderIdIs: 'Your order id is: {id}',
  purchaseFailed: 'We can not process your request. payment gateway failure',

  // Orders: replies of our own (the spec leaves these "not shown")
  orderCreated: 'Order created',
  orderNotFound: 'Order not found',
  amountMismatch: '{field} does not match the current price ({amount}). Please go back and check your configuration.',
  currencyMismatch: 'Currency must be {currency} in this region',
  sizeOutOfRange: '{field} must be from {min} to {max} in steps of {step}',
  processorForMemory: 'Processor must be {count} for {memory} of memory',
  specificationEntries: 'Send exactly one memory, processor and disk entry',
  timePeriodUnknown: 'Choose a time period from the list',
  gatewayUnavailable: 'This payment gateway is not offered in this region. Please choose another.',

  // Payments and invoices: replies of our own (the spec leaves these "not shown")
  orderAlreadyPaid: 'This order is already paid',
  orderNotPayable: 'This order can no longer be paid. Please start a new purchase.',
  paymentPending: 'We are waiting for the payment gateway to confirm your payment',
  orderPaid: 'Payment received for order {id}: {amount}',
  licenceRequired: 'Please choose the licence PDF',
  licenceNotPdf: 'The licence must be a PDF file',
  licenceTooLarge: 'The licence PDF must be 3 MB or smaller',
  licenceUploaded: 'Licence uploaded successfully',
  licenceNotNeeded: 'This order does not need a licence',
  invoiceNotFound: 'Invoice not found',

  // VMs: texts of our own (notification and mail when a bought VM is ready)
  vmReady: 'Your virtual machine {name} is ready',
  // VM lifecycle (issue 6): the spec's texts, then our own where the spec shows none
  vmMustBeShutOff: 'Virtual machine must be shut off to perform this operation.',
  restoreCloneFailed: 'Unable to restore Clone Virtual Machine. Try again in sometime.',
  restoreArchiveFailed: 'Unable to restore Archive Virtual Machine. Try again in sometime.',
  cloneRestored: 'Clone Virtual Machine restored successfully.',
  archiveRestored: 'Archive Virtual Machine restored successfully.',
  publicIpAssigned: 'Successfull',
  merakiMaintenance: 'In maintanance mode. please try again later',
  updatePowerOffNote: '*Please Power-Off Virtual Machine to update Configuration.',
  proceedFurther: 'Do you want to proceed further?',
  selectDurationDays: 'Please select duration days',
  selectCloneType: 'Please select clone vm type',
  maxTwoDisks: 'A maximum of two disks can be added to a new VM.',
  vmBlocked: 'This virtual machine has been blocked by the admin.',
  vmNotFound: 'Virtual machine not found',
  vmBusy: 'Another operation is in progress on this virtual machine. Please try again in a moment.',
  vmNotReady: 'This virtual machine is not ready yet.',
  // The operator's control of a service (issue 17): the customer's bell, texts of our own
  vmSuspendedNotice: 'Your virtual machine {name} has been suspended: {reason}',
  vmUnsuspendedNotice: 'Your virtual machine {name} is no longer suspended. You can start it again under Products.',
  vmTerminatedNotice: 'Your virtual machine {name} is being deleted by the admin.',
  vmExtendedNotice: 'The end date of your virtual machine {name} was extended by {days} days to {date}, free of charge: {reason}',
  // An account suspended by the admin (issue 17): the login's answer
  accountSuspended: 'Your account has been suspended. Please contact support.',
  // An account closed by an operator at the customer's request (issue 17, ADR 0114): the login's answer
  accountClosed: 'Your account has been closed. Please contact support.',

  // VM changes (issue 6: update, clone and snapshot): replies of our own (the spec shows none)
  updateNothingChanged: 'Nothing to update: choose a new size first',
  diskCannotShrink: 'Disk cannot be smaller than the current {size} GB',
  addedDiskRange: 'Added disk must be from {step} to {max} GB in steps of {step}',
  copyExists: 'This virtual machine already has a clone or snapshot. Delete it under Backup to make another.',
  vmUpdated: 'Your virtual machine {name} has been updated',
  vmUpdateFailed: 'The update of your virtual machine {name} could not be completed. Our team has been told.',
  backupReady: 'Your {kind} of {name} is ready',
  backupFailed: 'Your {kind} of {name} could not be made. Our team has been told.',

  // Renewals (issue 6 points 3 and 4): replies and notices of our own (the spec shows none)
  vmAlreadyRenewed: 'This virtual machine is already renewed. It can be renewed again once its renewed period has started.',
  renewProductUnavailable: 'This virtual machine cannot be renewed because its product is no longer sold. Please contact support.',
  renewVmsRequired: 'Choose the virtual machines to renew',
  renewVmsMixed: 'These virtual machines are billed in different currencies or tax rates. Please renew them separately.',
  renewDaysExtendedMismatch: 'The virtual machine has been expired for {days} days now. Please go back and check the renewal.',
  renewSizeMismatch: '{field} must be {value}, the size of the virtual machine',
  renewRegionMismatch: 'The virtual machine runs in {region}; it is renewed there',
  renewVmUnknown: 'Virtual machine {id} is not one of the virtual machines being renewed',
  vmRenewed: 'Your virtual machine {name} is renewed until {date}',

  // Account VM area (issue 6 points 2, 7, 8 and 10): the spec's public IP texts, then our own
  lanIpRequired: 'LAN IP Address required',
  lanIpInvalid: 'Enter Valid LAN IP Address',
  hostNameRequired: 'Host Name required',
  tcpPortsRequired: 'TCP Ports required',
  hostNameTooLong: 'Host Name must be at most 100 characters',
  hostNameInvalid: 'Host Name must be plain text',
  portsInvalid: 'Ports must be numbers from 1 to 65535 or ranges such as 8000-8010, separated by commas',
  portsTooMany: 'At most 50 ports or ranges can be forwarded',
  publicIpExists: 'This virtual machine already has a public IP',
  // Public IP (issue 13): a port another VM forwards is refused up front; a job that fails says why.
  publicIpPortInUse: 'Port {port} ({protocol}) is already in use by another virtual machine: choose another port',
  publicIpNetworkFailed: 'the network could not be changed. Please try again later or contact support',
  publicIpFailed: 'The public IP for {name} could not be assigned: {reason}',
  aliasNameTooLong: 'Alias name must be at most 50 characters',
  aliasNameInvalid: 'Alias name must be plain text',
  aliasNameUpdated: 'Alias name updated successfully',
  // VM names (issue 16 point 3): each VM has its own, unique among the customer's VMs.
  vmNameInvalid: 'VM name must be 2 to 40 letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit',
  vmNameTaken: 'You already have a VM named {name}. Choose another name',
  vmNameFree: 'This name is free',
  vmStarting: 'Your virtual machine is starting',
  vmStopping: 'Your virtual machine is shutting down',
  vmDeleting: 'Your virtual machine is being deleted',
  vmAlreadyRunning: 'This virtual machine is already running',
  vmAlreadyStopped: 'This virtual machine is already shut off',
  vmCannotStart: 'This virtual machine cannot be started. Please renew it first.',
  backupNotFound: 'Clone or snapshot not found',
  backupDeleting: 'Your {kind} is being deleted',
  consoleUnavailable: 'The console of this virtual machine is not available',
  consoleLinkInvalid: 'This console link is not valid or has expired. Open the console again from your account.',

  // VM access (issue 16 point 1, ADR 0100): SSH keys, the VM's password, the cloud login; our own texts
  sshKeyNameRequired: 'Key name required',
  sshKeyNameTooLong: 'Key name must be plain text of at most 50 characters',
  sshKeyRequired: 'Public key required',
  sshKeyTypeInvalid: 'The key must start with its type: ssh-ed25519, ssh-rsa or ecdsa-sha2-nistp256/384/521',
  sshKeyBodyInvalid: 'The key body after the type must be the base64 text of a public key',
  sshKeyBodyMismatch: 'The key body is not a complete key of the type it starts with',
  sshKeyDuplicate: 'This key is already in your profile',
  sshKeysTooMany: 'At most 10 keys can be kept',
  sshKeyNotFound: 'Key not found',
  sshKeyAdded: 'Your key has been added',
  sshKeyRemoved: 'Your key has been removed',
  vmPasswordReset: 'A new password has been set. Copy it now: it is shown only once.',
  vmPasswordResetUnsupported: 'The password of this virtual machine cannot be reset here. Please contact support.',
  cloudLoginUnsupported: 'This virtual machine runs on a cloud without a self-service portal',
  cloudLoginRegistered: 'Your cloud login is ready',

  // Expiry (issue 6 point 9): reminders and notices of our own (the spec shows none)
  vmExpiresSoon: 'Your virtual machine {name} expires on {date}',
  vmExpired: 'Your virtual machine {name} has expired and has been stopped. Renew it by {date} to keep it',
  vmArchived: 'Your virtual machine {name} has been archived',

  // Generic replies of our own (the spec leaves these "not shown")
  ok: 'Success',
  notFound: 'Not found',
  routeNotFound: 'Route not found',
  invalidRequest: 'Invalid request',
  serverError: 'Something went wrong. Please try again later.',
  tooManyRequests: 'Too many requests. Please try again later.',
  unsubscribeLinkInvalid: 'This unsubscribe link is invalid or has already been used.',
  messageTooLong: 'Message is too long',
} as const;

export type MessageKey = keyof typeof messages;

/** Fills `{name}` placeholders of a spec text. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
