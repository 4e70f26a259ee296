import { z } from 'zod';
import { MAX_ID } from '../ids.ts';

/**
 * The console's eTIMS (issue 18 point 4, ADR 0121): a Kenyan legal entity's online sales control
 * unit (branch, device serial, OSCU address), its initialisation, and the documents eTIMS has not
 * signed yet or refused, each resubmittable. The communication key is never shown.
 */
export const etimsMessages = {
  saved: 'eTIMS settings saved.',
  initialised: 'The eTIMS device is initialised.',
  initRefused: 'eTIMS refused the initialisation: {reason}',
  unreachable: 'eTIMS could not be reached; try again later.',
  resubmitted: 'Document submitted to eTIMS again.',
  notKenyan: 'eTIMS is for Kenyan entities only (tax country Kenya).',
  pinMissing: 'Enter the entity’s KRA PIN (its tax number) first.',
  notConfigured: 'Save the eTIMS settings of this entity first.',
  branchInvalid: 'A branch id is two digits, e.g. 00 for the head office.',
  serialInvalid: 'Enter the device serial number KRA gave (1 to 100 letters, digits, "-" or "_").',
  urlInvalid: 'Enter the OSCU address, e.g. https://etims-api.kra.go.ke/etims-api/.',
  urlNotHttps: 'The OSCU address must use https.',
  documentNotFound: 'eTIMS document not found.',
  alreadySigned: 'This document is already signed by eTIMS.',
  entityNotFound: 'Legal entity not found.',
} as const;
const texts = etimsMessages;

export const etimsSettingsInput = z.object({
  branchId: z
    .string({ error: texts.branchInvalid })
    .trim()
    .regex(/^\d{2}$/, texts.branchInvalid),
  deviceSerial: z
    .string({ error: texts.serialInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, texts.serialInvalid),
  baseUrl: z
    .string({ error: texts.urlInvalid })
    .trim()
    .max(300, texts.urlInvalid)
    .refine((v) => {
      try {
        return ['https:', 'http:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, texts.urlInvalid),
});
export type EtimsSettingsInput = z.infer<typeof etimsSettingsInput>;

/** What the console sees of a device: never the key, only whether there is one. */
export const etimsSettings = z.object({
  legalEntityId: z.number().int(),
  branchId: z.string(),
  deviceSerial: z.string(),
  baseUrl: z.string(),
  initialised: z.boolean(),
  initialisedAt: z.string().nullable(),
  sdcId: z.string().nullable(),
  mrcNo: z.string().nullable(),
  initError: z.string().nullable(),
});
export type EtimsSettings = z.infer<typeof etimsSettings>;
export const etimsSettingsReply = z.object({ settings: etimsSettings.nullable() });

export const ETIMS_DOCUMENT_STATUSES = ['pending', 'signed', 'refused'] as const;
export const etimsDocument = z.object({
  id: z.number().int(),
  legalEntityId: z.number().int(),
  kind: z.enum(['invoice', 'creditNote']),
  /** As printed: "KE-7", "KE-CN-2". */
  serialNumber: z.string(),
  orderId: z.number().int(),
  customer: z.string(),
  total: z.string(),
  currency: z.string(),
  status: z.enum(ETIMS_DOCUMENT_STATUSES),
  invcNo: z.number().int().nullable(),
  attempts: z.number().int(),
  /** KRA's refusal with its code, or why it is still waiting. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EtimsDocument = z.infer<typeof etimsDocument>;
export const etimsDocumentsReply = z.object({ documents: z.array(etimsDocument) });
export type EtimsDocumentsReply = z.infer<typeof etimsDocumentsReply>;

/** Which documents: those eTIMS has not signed yet or refused (the default), or the signed ones. */
export const ETIMS_DOCUMENT_VIEWS = ['open', 'signed'] as const;
export type EtimsDocumentView = (typeof ETIMS_DOCUMENT_VIEWS)[number];
export const etimsDocumentsQuery = z.object({
  legalEntityId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  status: z.enum(ETIMS_DOCUMENT_VIEWS, { error: 'status is open or signed.' }).optional(),
});
export const etimsEntityParams = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  entityId: z.coerce.number().int().positive().max(MAX_ID),
});
export const etimsDocumentParams = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  documentId: z.coerce.number().int().positive().max(MAX_ID),
});

/** What a resubmission came to: signed at once, still pending (KRA unreachable) or refused again. */
export const etimsResubmitReply = z.object({ status: z.enum(ETIMS_DOCUMENT_STATUSES), reason: z.string().nullable() });
