import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CATALOGUE_IMAGE_MAX_BYTES, catalogueMessages as m } from '@mawingu/contracts/admin/catalogue';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import { AppError } from '../../../http/app-error.ts';
import type { FileService } from '../../tenant/index.ts';
import { requireOperator } from '../../../console/operator-guard.ts';
import { companyIdParams } from '@mawingu/contracts/admin/companies';
import { MAX_ID } from '@mawingu/contracts/ids';
import type { CatalogueAdmin } from './service.ts';
import type { Operator } from '../../../console/operator-guard.ts';

export const idParams = companyIdParams.extend({ id: z.coerce.number().int().positive().max(MAX_ID) });
export const failures = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
export const done = envelope(z.null());
export const tags = ['admin catalogue'];

/** One catalogue image from a multipart upload (at most 2 MB), its type read from the bytes. */
export async function readImage(req: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  const missing = () => AppError.badRequest(m.imageRequired, { image: m.imageRequired });
  if (!req.isMultipart()) throw missing();
  const part = await req.file({ limits: { fileSize: CATALOGUE_IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
  if (!part) throw missing();
  try {
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw missing();
    return { bytes, name: part.filename };
  } catch (err) {
    if (err instanceof req.server.multipartErrors.RequestFileTooLargeError)
      throw new AppError('too_large', 413, m.imageTooLarge, { image: m.imageTooLarge });
    throw err;
  }
}

/** What each part of the catalogue's console routes is built from (console.routes.ts makes it once). */
export type CatalogueRouteContext = {
  catalogue: CatalogueAdmin;
  guard: { onRequest: ReturnType<typeof requireOperator> };
  base: string;
  who: (req: FastifyRequest) => Promise<{ actor: Operator; companyId: number }>;
  files: FileService;
};
