import { queryOptions, useQuery } from '@tanstack/react-query';
import { userProfileInfoCall } from '@mawingu/contracts/profile-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';

export type UserProfileInfoReply = CallEnvelope<typeof userProfileInfoCall>;

/** GET /api/profileSetting/userProfileInfo: the customer's details and the country list. */
export async function getUserProfileInfo(signal?: AbortSignal): Promise<UserProfileInfoReply> {
  return requestCall(userProfileInfoCall, {}, { signal });
}

/** Customer data: the key's root is not public, so login, logout and a change of customer drop it. */
export const profileQueryKey = ['account', 'profile'] as const;

export function userProfileInfoQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getUserProfileInfo(signal) });
}

export function useUserProfileInfo() {
  return useQuery(userProfileInfoQueryOptions());
}
