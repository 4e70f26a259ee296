import type { FastifyRequest } from 'fastify';
import { COMPANY_LIMITS, companiesMessages, UPLOAD_FIELD } from '@mawingu/contracts/admin/companies';
import { AppError } from '../../../http/app-error.ts';
import { extensionOf, sniffImageType } from '../../../http/sniff-image.ts';
import { readUploadPart } from '../../../http/upload-part.ts';
import type { CheckedUpload } from './service.ts';

const ascii = (text: string) => Buffer.from(text, 'latin1');

/** A file name for the download, from the sender's name with the extension the bytes have. */
function nameOf(sent: string, fallback: string, extension: string): string {
  const base =
    sent
      .replace(/\.[^.]*$/, '')
      .replace(/[^\w\- ]+/g, '_')
      .trim()
      .slice(0, 80) || fallback;
  return `${base}.${extension}`;
}

/** Logo: PNG, JPEG, WebP or GIF by their bytes (SVG is refused: it can carry script), at most 2 MB. */
export async function readLogo(req: FastifyRequest): Promise<CheckedUpload> {
  const field = UPLOAD_FIELD.logo;
  const { bytes, filename } = await readUploadPart(req, {
    field,
    maxBytes: COMPANY_LIMITS.logoBytes,
    texts: { required: companiesMessages.logoRequired, tooLarge: companiesMessages.logoTooLarge },
  });
  const type = sniffImageType(bytes);
  if (!type) throw AppError.badRequest(companiesMessages.logoType, { [field]: companiesMessages.logoType });
  return { bytes, contentType: type, originalName: nameOf(filename, 'logo', extensionOf[type]) };
}

/** The home page's video: MP4 (an "ftyp" box) or WebM (EBML, doctype webm), at most 20 MB. */
export function sniffVideoType(bytes: Buffer): 'video/mp4' | 'video/webm' | null {
  if (bytes.length >= 12 && bytes.subarray(4, 8).equals(ascii('ftyp'))) return 'video/mp4';
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3 && bytes.subarray(0, 64).includes(ascii('webm'))) return 'video/webm';
  return null;
}

export async function readVideo(req: FastifyRequest): Promise<CheckedUpload> {
  const field = UPLOAD_FIELD.video;
  const { bytes, filename } = await readUploadPart(req, {
    field,
    maxBytes: COMPANY_LIMITS.videoBytes,
    texts: { required: companiesMessages.videoRequired, tooLarge: companiesMessages.videoTooLarge },
  });
  const type = sniffVideoType(bytes);
  if (!type) throw AppError.badRequest(companiesMessages.videoType, { [field]: companiesMessages.videoType });
  return { bytes, contentType: type, originalName: nameOf(filename, 'video', type === 'video/mp4' ? 'mp4' : 'webm') };
}

/** A PDF by its content: the "%PDF-" header (within the first 1024 bytes, as readers allow) and an end-of-file marker. */
export function isPdf(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 1024).indexOf(ascii('%PDF-'));
  return head !== -1 && bytes.subarray(Math.max(0, bytes.length - 2048)).includes(ascii('%%EOF'));
}

export async function readPdf(req: FastifyRequest, fallbackName: string): Promise<CheckedUpload> {
  const field = UPLOAD_FIELD.document;
  const { bytes, filename } = await readUploadPart(req, {
    field,
    maxBytes: COMPANY_LIMITS.pdfBytes,
    texts: { required: companiesMessages.pdfRequired, tooLarge: companiesMessages.pdfTooLarge },
  });
  if (!isPdf(bytes)) throw AppError.badRequest(companiesMessages.pdfType, { [field]: companiesMessages.pdfType });
  return { bytes, contentType: 'application/pdf', originalName: nameOf(filename, fallbackName, 'pdf') };
}
