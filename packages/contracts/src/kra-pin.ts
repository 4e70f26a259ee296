import { z } from 'zod';

/** A KRA PIN: a letter, nine digits and a letter (A123456789B); the customer's is printed on Kenyan invoices (ADR 0121). */
export const KRA_PIN = /^[A-Z]\d{9}[A-Z]$/;
export const kraPinMessage = 'A KRA PIN is a letter, 9 digits and a letter, e.g. A123456789B.';

/** Optional: '' when the customer gives none; upper-cased, spaces dropped. */
export const kraPinField = () =>
  z
    .string({ error: kraPinMessage })
    .max(20, kraPinMessage)
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v === '' || KRA_PIN.test(v), kraPinMessage)
    .optional()
    .default('');
