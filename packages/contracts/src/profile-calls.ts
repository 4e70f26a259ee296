import { defineCalls } from './call.ts';

/** The profile settings calls (under /api, signed in); schemas in profile.ts. */
const call = defineCalls(() => import('./profile.ts'));

export const userProfileInfoCall = call('GET', 'profileSetting/userProfileInfo', (s) => ({ reply: s.userProfileInfo }));
export const updateUserProfileCall = call('POST', 'profileSetting/updateUserProfile', (s) => ({ request: s.updateUserProfileRequest }));
/** Multipart, the image under PROFILE_IMAGE_FIELD. */
export const updateProfileImageCall = call('POST', 'profileSetting/updateProfileImage', () => ({}));
export const removeProfileImageCall = call('GET', 'profileSetting/removeProfileImage', () => ({}));
