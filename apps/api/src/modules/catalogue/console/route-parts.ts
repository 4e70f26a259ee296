import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CATALOGUE_IMAGE_MAX_BYTES, catalogueMessages as m } from '@mawingu/contracts/admin/catalogue';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import { readUploadPart } from '../../../http/upload-part.ts';
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
  const { bytes, filename } = await readUploadPart(req, {
    field: 'image',
    maxBytes: CATALOGUE_IMAGE_MAX_BYTES,
    texts: { required: m.imageRequired, tooLarge: m.imageTooLarge },
  });
  return { bytes, name: filename };
}

/** What each part of the catalogue's console routes is built from (console.routes.ts makes it once). */
export type CatalogueRouteContext = {
  catalogue: CatalogueAdmin;
  guard: { onRequest: ReturnType<typeof requireOperator> };
  base: string;
  who: (req: FastifyRequest) => Promise<{ actor: Operator; companyId: number }>;
  files: FileService;
};
