import type { Readable } from 'node:stream';
import { type CompanyDocument } from '@mawingu/contracts/admin/companies';
import type { Db } from '../../../db/client.ts';
import { companies } from '../../../db/schema.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An upload the routes have read and checked (type sniffed from the bytes). */
export type CheckedUpload = { bytes: Buffer; contentType: string; originalName: string };

const FILE_PATH = /^\/api\/files\/([0-9a-f-]{36})$/i;
export const fileIdOf = (path: string | null | undefined) => (path ? (FILE_PATH.exec(path.trim())?.[1] ?? null) : null);
export const usable = (path: string | null | undefined) => /^(https?:\/\/|\/(?!\/))/i.test(path?.trim() ?? '');
export const present = (value: string | null | undefined) => {
  const v = value?.trim() ?? '';
  return v !== '' && v !== 'NA';
};

export { uniqueViolation } from '../../../db/unique-violation.ts';

export async function readText(stream: Readable, maxChars: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size > maxChars * 4) {
      stream.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, maxChars);
}

/** The column of each company document. */
export const documentColumn = {
  registrationAgreement: 'registrationAgreementPath',
  terms: 'termsPath',
  privacy: 'privacyPath',
} as const satisfies Record<CompanyDocument, keyof CompanyRow>;

/** The contact fields the spec requires, as the completeness check reads them. */
export function pick(row: CompanyRow) {
  return { contactNo: row.contactNo, email: row.email, officeAddress: row.officeAddress, country: row.country };
}
