import { useMutation } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import type { EnquiryFields, SendQueryMailRequest } from '@mawingu/contracts/product-services';
import { callApi } from '../call-api.ts';
import { parseErrorReply } from '../parse-reply.ts';
import { siteOrigin } from '../site-origin.ts';

export async function sendQueryMail(fields: EnquiryFields): Promise<ErrorEnvelope> {
  const body: SendQueryMailRequest = { ...fields, websiteUrl: siteOrigin() };
  return parseErrorReply(await callApi('productServicesData/sendQueryMail', body));
}

export function useSendQueryMail() {
  return useMutation({ mutationKey: ['product-services', 'send-query-mail'], mutationFn: sendQueryMail });
}
