/**
 * Header names of the spec's authenticated calls (section 7). Kept apart from the schemas so the
 * SPA's request client does not pull zod into the first load.
 */
export const AUTH_HEADER = 'authorization';
export const REFRESH_HEADER = 'refreshtoken';
