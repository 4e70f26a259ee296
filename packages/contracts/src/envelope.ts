import { z } from 'zod';

export { STATUS } from './status.ts';

export type Envelope<T> = { status: number; message: string; data: T };

/** The spec's reply shape `{ status, message, data }` around a data schema. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), message: z.string(), data });
}

/** Field errors travel in `data.fieldErrors`, keyed by the request field name. */
export const errorData = z
  .object({ fieldErrors: z.record(z.string(), z.string()).optional(), requestId: z.string().optional() })
  .nullable();

export const errorEnvelope = envelope(errorData);
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
