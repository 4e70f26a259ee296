import { defineCalls } from './call.ts';

/** The account calls (under /api): signup, login, codes, session, passwords, countries; schemas in auth.ts. */
const call = defineCalls(() => import('./auth.ts'));

export const addUserCall = call('POST', 'adduser', (s) => ({ request: s.addUserRequest, reply: s.otpChallenge }));
export const loginCall = call('POST', 'login', (s) => ({ request: s.loginRequest, reply: s.otpChallenge }));
/** The data's one element is the new session's user data. */
export const twoFactorAuthCall = call('POST', 'twoFactorAuth', (s) => ({ request: s.twoFactorAuthRequest, reply: s.userDataList }));
export const resendOtpCall = call('POST', 'resendOtp', (s) => ({ request: s.resendOtpRequest }));
/** Sent by the transport itself on a 401 (api/call-api.ts renewSession), its reply checked by hand there. */
export const refreshTokenCall = call('POST', 'refreshToken', (s) => ({ request: s.sessionRequest, reply: s.userDataList }));
export const logoutCall = call('POST', 'logout', (s) => ({ request: s.sessionRequest }));

export const forgotPasswordCall = call('POST', 'forgotPassword', (s) => ({ request: s.forgotPasswordRequest }));
export const forgotUserNameCall = call('POST', 'forgotUserName', (s) => ({ request: s.forgotUserNameRequest }));
export const updatePasswordCall = call('POST', 'updatePassword', (s) => ({ request: s.updatePasswordRequest }));
export const checkPasswordLinkCall = call('POST', 'checkPasswordLink', (s) => ({ request: s.checkPasswordLinkRequest }));

export const getCountryCodeCall = call('GET', 'getCountryCode', (s) => ({ reply: s.countryList }));
