import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@mawingu/contracts/envelope';
import { userProfileInfo, type UserProfileInfo } from '@mawingu/contracts/profile';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';

export type UserProfileInfoReply = Envelope<UserProfileInfo | null>;

/** GET /api/profileSetting/userProfileInfo: the customer's details and the country list. */
export async function getUserProfileInfo(signal?: AbortSignal): Promise<UserProfileInfoReply> {
  return parseReply(await callApi('profileSetting/userProfileInfo', undefined, { signal }), userProfileInfo);
}

/** Customer data: the key's root is not public, so login, logout and a change of customer drop it. */
export const profileQueryKey = ['account', 'profile'] as const;

export function userProfileInfoQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getUserProfileInfo(signal) });
}

export function useUserProfileInfo() {
  return useQuery(userProfileInfoQueryOptions());
}
