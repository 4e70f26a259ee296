import { useMutation } from '@tanstack/react-query';
import type { WriteToUsFields, WriteToUsRequest } from '@mawingu/contracts/contact';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { callApi } from '../call-api.ts';
import { parseErrorReply } from '../parse-reply.ts';
import { siteOrigin } from '../site-origin.ts';

export async function writeToUs(fields: WriteToUsFields): Promise<ErrorEnvelope> {
  const body: WriteToUsRequest = { ...fields, websiteUrl: siteOrigin() };
  return parseErrorReply(await callApi('writeToUs', body));
}

export function useWriteToUs() {
  return useMutation({ mutationKey: ['contact', 'write-to-us'], mutationFn: writeToUs });
}
