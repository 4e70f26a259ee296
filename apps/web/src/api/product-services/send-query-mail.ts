import { useMutation } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import type { EnquiryFields } from '@mawingu/contracts/product-services';
import { sendQueryMailCall } from '@mawingu/contracts/product-services-calls';
import { outcomeOf, requestCall } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

export async function sendQueryMail(fields: EnquiryFields): Promise<ErrorEnvelope> {
  return outcomeOf(await requestCall(sendQueryMailCall, { body: { ...fields, websiteUrl: siteOrigin() } }));
}

export function useSendQueryMail() {
  return useMutation({ mutationKey: ['product-services', 'send-query-mail'], mutationFn: sendQueryMail });
}
