import { z } from 'zod';
import { vmStatus } from '../vms.ts';

/**
 * Console dashboard (issue 7, point 8). Two calls, because revenue is for owners and admins only:
 * GET …/dashboard (every operator: VMs and tickets) and GET …/dashboard/revenue (owner, admin).
 * Days are South African days (Africa/Johannesburg, UTC+2, as invoices are dated and the orders
 * list filters). Money is a decimal string per currency, never a float.
 */
export const dashboardMessages = {
  dateInvalid: 'Use a date like 2026-11-24.',
  dateOrder: 'The start date must not be after the end date.',
  rangeTooLong: 'Choose at most 366 days.',
} as const;

export const DASHBOARD_DEFAULT_DAYS = 30;
export const DASHBOARD_MAX_DAYS = 366;
export const EXPIRING_WITHIN_DAYS = 7;
/** At most this many expiring VMs are listed (`expiringCount` has them all). */
export const EXPIRING_LIST_LIMIT = 50;

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, dashboardMessages.dateInvalid)
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    dashboardMessages.dateInvalid,
  );

const dayNumber = (v: string) => Date.parse(`${v}T00:00:00Z`) / 86_400_000;

export const revenueQuery = z
  .object({
    /** Inclusive first day; default: 29 days before `to`. */
    from: day.optional(),
    /** Inclusive last day; default: today (South African time). */
    to: day.optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: dashboardMessages.dateOrder, path: ['to'] })
  .refine((v) => !v.from || !v.to || dayNumber(v.to) - dayNumber(v.from) < DASHBOARD_MAX_DAYS, {
    message: dashboardMessages.rangeTooLong,
    path: ['from'],
  });
export type RevenueQuery = z.input<typeof revenueQuery>;

const money = z.string().describe('Decimal string, two places');

export const revenueDay = z.object({
  day: z.string(),
  /** Every currency of the period, "0.00" on a day without revenue in it. */
  totals: z.record(z.string(), money),
  orders: z.number().int(),
});
export type RevenueDay = z.infer<typeof revenueDay>;

export const revenueByGateway = z.object({
  /** A gateway key, 'bypass' (paid without a gateway) or 'manual' (marked paid by hand). */
  gateway: z.string(),
  currency: z.string(),
  total: money,
  orders: z.number().int(),
});
export type RevenueByGateway = z.infer<typeof revenueByGateway>;

export const revenueTotal = z.object({ currency: z.string(), total: money, orders: z.number().int() });
export type RevenueTotal = z.infer<typeof revenueTotal>;

export const dashboardRevenue = z.object({
  from: z.string(),
  to: z.string(),
  /** The currencies paid in during the period, the largest total first. */
  currencies: z.array(z.string()),
  /** Every day of the period, oldest first. */
  days: z.array(revenueDay),
  gateways: z.array(revenueByGateway),
  totals: z.array(revenueTotal),
  /** Orders paid through a gateway's sandbox (test transactions): counted in none of the figures above. */
  testTotals: z.array(revenueTotal),
});
export type DashboardRevenue = z.infer<typeof dashboardRevenue>;

export const expiringVm = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string().nullable(),
  state: vmStatus,
  blocked: z.boolean(),
  endAt: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
});
export type ExpiringVm = z.infer<typeof expiringVm>;

export const dashboardOverview = z.object({
  /** VMs that run or are stopped within their paid period (running + stopped). */
  activeVms: z.number().int(),
  /** Every VM of the company per state (provisioning, running, stopped, expired, …). */
  vmStates: z.record(z.string(), z.number().int()),
  /** Active VMs whose end date falls within the next 7 days. */
  expiringCount: z.number().int(),
  /** The soonest first, at most 50. */
  expiring: z.array(expiringVm),
  openTickets: z.number().int(),
  inProgressTickets: z.number().int(),
});
export type DashboardOverview = z.infer<typeof dashboardOverview>;
