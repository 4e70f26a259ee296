import type { Envelope } from '@mawingu/contracts/envelope';
import { uploadCustomerLicenseCall } from '@mawingu/contracts/payments-calls';
import { requestCall } from '../contract-call.ts';

export type CustomerLicence = { orderID: number; vmName?: string; file: Blob; fileName: string };

/**
 * POST virtualMachine/uploadCustomerLicense: the Windows licence PDF of a paid order, as the
 * multipart form the spec names (the file under `image`). The reply is read as status and message.
 */
export async function uploadCustomerLicense({ orderID, vmName, file, fileName }: CustomerLicence): Promise<Envelope<unknown>> {
  const form = new FormData();
  form.append('orderID', String(orderID));
  if (vmName) form.append('vmName', vmName);
  form.append('image', file, fileName);
  return requestCall(uploadCustomerLicenseCall, { body: form }, { background: true });
}
