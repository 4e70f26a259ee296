import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@mawingu/contracts/envelope';
import { STATUS } from '@mawingu/contracts/envelope';
import { domainResult, type CheckDomainRequest, type DomainResult } from '@mawingu/contracts/domains';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { callApi } from '../call-api.ts';
import { parseErrorReply, parseReply } from '../parse-reply.ts';
import { siteOrigin } from '../site-origin.ts';

/** 200 (available) and 409 (taken) carry the result; other statuses carry field errors or nothing. */
export type CheckDomainReply = { result: Envelope<DomainResult | null>; error: ErrorEnvelope };

export async function checkDomain(domainName: string): Promise<CheckDomainReply> {
  const body: CheckDomainRequest = { domainName, websiteUrl: siteOrigin() };
  const reply = await callApi('marketplace/checkDomain', body);
  return { result: parseReply(reply, import.meta.env.DEV && domainResult, [STATUS.ok, STATUS.conflict]), error: parseErrorReply(reply) };
}

export function useCheckDomain() {
  return useMutation({ mutationKey: ['catalog', 'check-domain'], mutationFn: checkDomain });
}
