import { useMutation } from '@tanstack/react-query';
import type { WriteToUsFields } from '@mawingu/contracts/contact';
import { writeToUsCall } from '@mawingu/contracts/contact-calls';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { outcomeOf, requestCall } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

export async function writeToUs(fields: WriteToUsFields): Promise<ErrorEnvelope> {
  return outcomeOf(await requestCall(writeToUsCall, { body: { ...fields, websiteUrl: siteOrigin() } }));
}

export function useWriteToUs() {
  return useMutation({ mutationKey: ['contact', 'write-to-us'], mutationFn: writeToUs });
}
