import { z } from 'zod';
import { envelope } from './envelope.ts';
import { fill, messages } from './messages.ts';

/**
 * Saved items: VM configurations saved for later (purchasing spec "Saved VM"). Counts are checked
 * here against sane bounds, and by the server against the product's own slider bounds.
 */

export const SAVED_COUNT_MAX = 100_000;
export const SAVED_TIME_PERIOD_MAX_DAYS = 3650;

/** GET /api/virtualMachine/showSavedVM: one card per saved configuration, newest first. */
export const savedVm = z.object({
  ID: z.number().int(),
  productID: z.number().int(),
  vmName: z.string(),
  ram_Count: z.number().int(),
  disk_Count: z.number().int(),
  cpu_Count: z.number().int(),
  osType: z.string(),
  imagePath: z.string().nullable(),
  /** What was saved besides the sizes, so View reopens the configuration as saved (null: not chosen). */
  regionID: z.number().int().nullable(),
  timePeriod: z.number().int().nullable(),
});
export type SavedVm = z.infer<typeof savedVm>;
export const showSavedVMResponse = envelope(z.array(savedVm));

const count = (field: string) => {
  const message = fill(messages.countOutOfRange, { field, min: '1', max: String(SAVED_COUNT_MAX) });
  return z.coerce.number({ error: message }).int(message).min(1, message).max(SAVED_COUNT_MAX, message);
};

const unit = z.string().trim().max(10, messages.fieldTooLong).optional();

/** Spec: 0 when not chosen (empty strings from a form count as 0 too). */
const zeroIfEmpty = (message: string, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? 0 : value),
    z.coerce.number({ error: message }).int(message).min(0, message).max(max, message),
  );

/** The configurator's total, display only: orders recompute every price on the server. */
const totalAmount = z
  .union(
    [
      z.number().nonnegative(messages.amountInvalid).max(1e12, messages.amountInvalid),
      z
        .string()
        .trim()
        .regex(/^\d{1,12}(\.\d{1,2})?$/, messages.amountInvalid),
    ],
    {
      error: messages.amountInvalid,
    },
  )
  .transform((value) => (typeof value === 'number' ? value.toFixed(2) : value))
  .optional();

/** POST /api/virtualMachine/saveVMForLater (purchasing spec payload). */
export const saveVMForLaterRequest = z.object({
  productID: z.coerce
    .number({ error: messages.productIdInvalid })
    .int(messages.productIdInvalid)
    .positive(messages.productIdInvalid)
    .max(2_147_483_647, messages.productIdInvalid),
  processorCount: count('Processor count'),
  /** Always 'cores' (purchasing spec). */
  processorUnit: z.literal('cores', { error: fill(messages.unitMismatch, { field: 'Processor unit', unit: 'cores' }) }).optional(),
  memoryCount: count('Memory count'),
  memoryUnit: unit,
  driveCount: count('Drive count'),
  driveUnit: unit,
  region: zeroIfEmpty(messages.regionUnknown, 2_147_483_647),
  totalAmount,
  timePeriod: zeroIfEmpty(fill(messages.timePeriodInvalid, { max: String(SAVED_TIME_PERIOD_MAX_DAYS) }), SAVED_TIME_PERIOD_MAX_DAYS),
});
export type SaveVMForLaterRequest = z.input<typeof saveVMForLaterRequest>;
export type SaveVMForLater = z.output<typeof saveVMForLaterRequest>;
export const saveVMForLaterResponse = envelope(z.object({ ID: z.number().int() }));

/** POST /api/virtualMachine/deletedSavedVM */
export const deletedSavedVMRequest = z.object({
  savedProductID: z.coerce
    .number({ error: messages.savedItemNotFound })
    .int(messages.savedItemNotFound)
    .positive(messages.savedItemNotFound)
    .max(2_147_483_647, messages.savedItemNotFound),
});
export type DeletedSavedVMRequest = z.infer<typeof deletedSavedVMRequest>;
