import { messages } from '@mawingu/contracts/messages';

/** The licence PDF may be at most 3 MB. */
export const LICENCE_MAX_BYTES = 3 * 1024 * 1024;

export type LicenceCheck = { ok: true; base64: string } | { ok: false; message: string };

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/**
 * A chosen licence file, checked at once: PDF only (by type or name, and by its "%PDF-" header)
 * and at most 3 MB; then its base64, as the spec keeps it until the payment succeeded.
 */
export async function checkLicenceFile(file: File): Promise<LicenceCheck> {
  const looksPdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!looksPdf) return { ok: false, message: messages.licenceNotPdf };
  if (file.size > LICENCE_MAX_BYTES) return { ok: false, message: messages.licenceTooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const header = String.fromCharCode(...bytes.subarray(0, 5));
  if (header !== '%PDF-') return { ok: false, message: messages.licenceNotPdf };
  return { ok: true, base64: toBase64(bytes) };
}
