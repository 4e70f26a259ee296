import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { messages } from '@mawingu/contracts/messages';
import {
  fileTooLargeMessage,
  generateTicketFields,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENTS_FIELD,
  TICKET_MAX_ATTACHMENTS,
  tooManyAttachmentsMessage,
  type GenerateTicketFields,
} from '@mawingu/contracts/tickets';
import { AppError } from '../../../http/app-error.ts';
import type { Upload } from './service.ts';

const TEXT_FIELDS = ['issueType', 'description'] as const;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The name as the customer's computer called it: no folders, no control characters, bounded. */
export function cleanFileName(raw: string | undefined): string {
  const base = path.posix.basename((raw ?? '').replaceAll('\\', '/'));
  const clean = base.replace(CONTROL_CHARACTERS, '').trim().slice(0, 200);
  return clean === '' || clean === '.' || clean === '..' ? 'attachment' : clean;
}

/** A well-formed media type as the browser sent it; anything else is served as plain bytes. */
function cleanContentType(raw: string | undefined): string {
  const value = (raw ?? '').trim().toLowerCase();
  return /^[a-z0-9][\w.+-]*\/[a-z0-9][\w.+-]*$/.test(value) ? value : 'application/octet-stream';
}

const tooMany = () => AppError.badRequest(tooManyAttachmentsMessage, { [TICKET_ATTACHMENTS_FIELD]: tooManyAttachmentsMessage });

/**
 * Reads a multipart form with ticket files: the named text fields and up to four files, each read
 * into memory and cut off at 20 MB. Every part is read to the end, so the reply (success or the
 * first problem) is sent after the whole upload arrived and the browser sees it. Files may come
 * under any field name; the documented one is `attachments`. Shared by the customer's ticket and
 * the operator's answer (console), so both take files by the same rules.
 */
export async function readUploadForm<F extends string>(
  req: FastifyRequest,
  fieldNames: readonly F[],
  notMultipartMessage: string = messages.ticketRequestNotMultipart,
): Promise<{ values: Partial<Record<F, string>>; uploads: Upload[] }> {
  if (!req.isMultipart()) throw new AppError('not_multipart', 400, notMultipartMessage);
  const values: Partial<Record<F, string>> = {};
  const uploads: Upload[] = [];
  let tooLarge: AppError | undefined;
  const { FilesLimitError, PartsLimitError, FieldsLimitError } = req.server.multipartErrors;
  try {
    // throwFileSizeLimit: false (read at run time, missing from the typings of parts()) cuts an
    // oversized file off with `truncated` set, so the name can go into the spec's message.
    const options = {
      throwFileSizeLimit: false,
      limits: { files: TICKET_MAX_ATTACHMENTS, fileSize: TICKET_ATTACHMENT_MAX_BYTES, fields: 6, fieldSize: 64 * 1024, parts: 12 },
    };
    const parts = req.parts(options);
    for await (const part of parts) {
      if (part.type === 'field') {
        const name = fieldNames.find((f) => f === part.fieldname);
        if (name && typeof part.value === 'string') values[name] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) {
        const message = fileTooLargeMessage(cleanFileName(part.filename));
        tooLarge ??= new AppError('too_large', 413, message, { [TICKET_ATTACHMENTS_FIELD]: message });
        continue;
      }
      // An empty file input sends a part with no name and no bytes: nothing was chosen.
      if (bytes.length === 0 && !part.filename) continue;
      uploads.push({ fileName: cleanFileName(part.filename), contentType: cleanContentType(part.mimetype), bytes });
    }
  } catch (err) {
    if (err instanceof FilesLimitError) throw tooMany();
    if (err instanceof PartsLimitError || err instanceof FieldsLimitError) throw AppError.badRequest(messages.invalidRequest);
    throw err;
  }
  if (tooLarge) throw tooLarge;
  return { values, uploads };
}

/** The customer's ticket form: issue type, description and up to four files. */
export async function readTicketForm(req: FastifyRequest): Promise<{ fields: GenerateTicketFields; uploads: Upload[] }> {
  const { values, uploads } = await readUploadForm(req, TEXT_FIELDS);
  const parsed = generateTicketFields.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    throw AppError.badRequest(Object.values(fieldErrors)[0] ?? messages.invalidRequest, fieldErrors);
  }
  return { fields: parsed.data, uploads };
}
