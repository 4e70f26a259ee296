import type { FastifyRequest } from 'fastify';
import { messages } from '@mawingu/contracts/messages';
import { AppError } from '../../../http/app-error.ts';

/** 3 MB, the limit the purchase screen states. */
export const LICENCE_MAX_BYTES = 3 * 1024 * 1024;
export const LICENCE_FILE_FIELD = 'image';

export type LicenceForm = {
  orderId: number;
  vmName?: string;
  fileName: string;
  bytes: Buffer;
};

const bad = (field: string, message: string) => AppError.badRequest(message, { [field]: message });

/** A PDF by its content: every PDF starts with "%PDF-" (the name and the browser's type prove nothing). */
export const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

/**
 * The spec's uploadCustomerLicense form: `orderID`, optional `vmName`, the PDF under `image`
 * (fields in any order). Every part is read to its end so the browser sees the reply; a file over
 * the limit is cut off and refused, never stored.
 */
export async function readLicenceForm(req: FastifyRequest): Promise<LicenceForm> {
  if (!req.isMultipart()) throw bad(LICENCE_FILE_FIELD, messages.licenceRequired);
  const values: Record<string, string> = {};
  let file: { fileName: string; bytes: Buffer } | undefined;
  let tooLarge = false;
  const { FilesLimitError, PartsLimitError, FieldsLimitError } = req.server.multipartErrors;
  try {
    const options = {
      throwFileSizeLimit: false,
      limits: {
        files: 1,
        fileSize: LICENCE_MAX_BYTES,
        fields: 5,
        fieldSize: 1024,
        parts: 6,
      },
    };
    for await (const part of req.parts(options)) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') values[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname !== LICENCE_FILE_FIELD) continue;
      if (part.file.truncated) tooLarge = true;
      else if (bytes.length > 0)
        file = {
          fileName: (part.filename || 'licence.pdf').slice(0, 200),
          bytes,
        };
    }
  } catch (err) {
    if (err instanceof FilesLimitError || err instanceof PartsLimitError || err instanceof FieldsLimitError)
      throw bad(LICENCE_FILE_FIELD, messages.invalidRequest);
    throw err;
  }
  const orderId = Number(values.orderID);
  if (!Number.isInteger(orderId) || orderId <= 0 || orderId > 2_147_483_647) throw bad('orderID', messages.orderNotFound);
  if (tooLarge) throw bad(LICENCE_FILE_FIELD, messages.licenceTooLarge);
  if (!file) throw bad(LICENCE_FILE_FIELD, messages.licenceRequired);
  if (!isPdf(file.bytes)) throw bad(LICENCE_FILE_FIELD, messages.licenceNotPdf);
  const vmName = values.vmName?.trim().slice(0, 200);
  return { orderId, ...(vmName ? { vmName } : {}), ...file };
}
