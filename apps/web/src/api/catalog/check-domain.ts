import { useMutation } from '@tanstack/react-query';
import { checkDomainCall } from '@mawingu/contracts/domains-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

/** 200 (available) and 409 (taken) carry the result; other statuses carry field errors (`failure`) or nothing. */
export type CheckDomainReply = CallEnvelope<typeof checkDomainCall>;

export async function checkDomain(domainName: string): Promise<CheckDomainReply> {
  return requestCall(checkDomainCall, { body: { domainName, websiteUrl: siteOrigin() } });
}

export function useCheckDomain() {
  return useMutation({ mutationKey: ['catalog', 'check-domain'], mutationFn: checkDomain });
}
