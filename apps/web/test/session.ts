import type { UserData } from '@mawingu/contracts/auth';
import { storeUserData } from '../src/lib/session/session-store.ts';

/** User data as twoFactorAuth and refreshToken return it. */
export function makeUserData(overrides: Partial<UserData> & { detail?: Partial<UserData['userDetail']> } = {}): UserData {
  const { detail, ...rest } = overrides;
  return {
    token: 'access-1',
    refreshToken: 'refresh-1',
    userDetail: { FirstName: 'Jane', LastName: 'Doe', AccessTokenMaxAge: 900, emailID: 'jane@example.test', ...detail },
    ...rest,
  };
}

/** Starts the test logged in, as after a correct one-time code. */
export function signInAs(overrides: Parameters<typeof makeUserData>[0] = {}): UserData {
  const userData = makeUserData(overrides);
  storeUserData(userData);
  return userData;
}
