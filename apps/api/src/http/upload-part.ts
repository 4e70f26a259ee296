import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

type UploadOptions = {
  /** The form field the file belongs in: a missing file's 400 names it. */
  field: string;
  maxBytes: number;
  texts: { required: string; tooLarge: string };
  /** How many text fields may come beside the file. */
  fields?: number;
  /** The 413 names the field the client sent the file under rather than `field`. */
  blameSentField?: boolean;
};

/**
 * The one file of a multipart upload, read into memory up to `maxBytes`, with the field it came
 * under and its file name: none, or an empty one, is a 400; a larger one a 413 (both name the field).
 */
export async function readUploadPart(
  req: FastifyRequest,
  { field, maxBytes, texts, fields = 2, blameSentField = false }: UploadOptions,
): Promise<{ bytes: Buffer; field: string; filename: string }> {
  const missing = () => AppError.badRequest(texts.required, { [field]: texts.required });
  if (!req.isMultipart()) throw missing();
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1, fields, parts: fields + 1 } });
  if (!part) throw missing();
  try {
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw missing();
    return { bytes, field: part.fieldname, filename: part.filename };
  } catch (err) {
    if (err instanceof req.server.multipartErrors.RequestFileTooLargeError) {
      throw new AppError('too_large', 413, texts.tooLarge, { [blameSentField ? part.fieldname : field]: texts.tooLarge });
    }
    throw err;
  }
}
