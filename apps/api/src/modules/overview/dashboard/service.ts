import { sql } from 'drizzle-orm';
import {
  DASHBOARD_DEFAULT_DAYS,
  EXPIRING_LIST_LIMIT,
  EXPIRING_WITHIN_DAYS,
  type DashboardOverview,
  type DashboardRevenue,
  type RevenueByGateway,
  type RevenueTotal,
} from '@mawingu/contracts/admin/dashboard';
import { UNRESOLVED_STATUSES } from '@mawingu/contracts/admin/tickets';
import { POWERED_VM_STATES, type VmState } from '@mawingu/contracts/vm-state';
import type { Db } from '../../../db/client.ts';
import { customers, orders, tickets, vms } from '../../../db/schema.ts';
import { paidInSandbox } from '../../billing/index.ts';

/** The dashboard's days are South African days, as invoices are dated (Africa/Johannesburg: UTC+2, no daylight saving). */
export const DASHBOARD_TIME_ZONE = 'Africa/Johannesburg';
const DAY_MS = 86_400_000;
const SA_OFFSET_MS = 2 * 3_600_000;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const startOf = (day: string) => Date.parse(`${day}T00:00:00+02:00`);
/** Today in South Africa. */
const todayAt = (now: Date) => dayOf(now.getTime() + SA_OFFSET_MS);

type Rows<T> = { rows: T[] };

/**
 * The console's dashboard figures, each in one grouped query: revenue of paid orders per day, per
 * gateway and in total per currency, with sandbox payments summed apart (one scan with GROUPING
 * SETS; PostgreSQL sums the numeric amounts, so totals are exact to the cent), VMs per state, the VMs expiring within 7 days and the
 * tickets waiting for an answer.
 */
export function createDashboardService(db: Db) {
  async function revenue(companyId: number, query: { from?: string; to?: string }, now = new Date()): Promise<DashboardRevenue> {
    const to = query.to ?? todayAt(now);
    const from = query.from ?? dayOf(startOf(to) + SA_OFFSET_MS - (DASHBOARD_DEFAULT_DAYS - 1) * DAY_MS);
    const start = new Date(startOf(from));
    const end = new Date(startOf(to) + DAY_MS);

    // A paid order is one with paid_at set (paid, fulfilling, fulfilled or needs_attention). One paid
    // through a gateway's sandbox (its paid attempt is a test) is counted apart, never in the revenue.
    const result = (await db.execute(sql`
      WITH paid AS (
        SELECT to_char((${orders.paidAt} AT TIME ZONE ${DASHBOARD_TIME_ZONE})::date, 'YYYY-MM-DD') AS day,
               ${orders.currency} AS currency,
               coalesce(${orders.gateway}, CASE WHEN ${orders.bypass} THEN 'bypass' ELSE 'manual' END) AS gateway,
               ${orders.total} AS total,
               ${paidInSandbox(orders.id)} AS test
        FROM ${orders}
        WHERE ${orders.companyId} = ${companyId} AND ${orders.paidAt} >= ${start.toISOString()} AND ${orders.paidAt} < ${end.toISOString()}
      )
      SELECT day, gateway, currency, sum(total)::numeric(16, 2)::text AS total, count(*)::int AS orders,
             grouping(day)::int AS no_day, grouping(gateway)::int AS no_gateway, false AS test
      FROM paid WHERE NOT test
      GROUP BY GROUPING SETS ((day, currency), (gateway, currency), (currency))
      UNION ALL
      SELECT NULL, NULL, currency, sum(total)::numeric(16, 2)::text, count(*)::int, 1, 1, true
      FROM paid WHERE test
      GROUP BY currency`)) as unknown as Rows<{
      day: string | null;
      gateway: string | null;
      currency: string;
      total: string;
      orders: number;
      no_day: number;
      no_gateway: number;
      test: boolean;
    }>;

    const all = result.rows.map((r) => ({ ...r, orders: Number(r.orders), no_day: Number(r.no_day), no_gateway: Number(r.no_gateway) }));
    const byTotal = (a: RevenueTotal, b: RevenueTotal) => compareAmounts(b.total, a.total) || a.currency.localeCompare(b.currency);
    const totalOf = (r: (typeof all)[number]): RevenueTotal => ({ currency: r.currency, total: r.total, orders: r.orders });
    const rows = all.filter((r) => !r.test);
    const totals = rows
      .filter((r) => r.no_day === 1 && r.no_gateway === 1)
      .map(totalOf)
      .sort(byTotal);
    const testTotals = all
      .filter((r) => r.test)
      .map(totalOf)
      .sort(byTotal);
    const currencies = totals.map((t) => t.currency);
    const gateways: RevenueByGateway[] = rows
      .filter((r) => r.no_day === 1 && r.no_gateway === 0)
      .map((r) => ({ gateway: r.gateway!, currency: r.currency, total: r.total, orders: r.orders }))
      .sort(
        (a, b) =>
          currencies.indexOf(a.currency) - currencies.indexOf(b.currency) ||
          compareAmounts(b.total, a.total) ||
          a.gateway.localeCompare(b.gateway),
      );

    const byDay = new Map<string, { totals: Record<string, string>; orders: number }>();
    for (const r of rows.filter((x) => x.no_day === 0)) {
      const entry = byDay.get(r.day!) ?? { totals: {}, orders: 0 };
      entry.totals[r.currency] = r.total;
      entry.orders += r.orders;
      byDay.set(r.day!, entry);
    }
    const days = [];
    for (let at = startOf(from); at < end.getTime(); at += DAY_MS) {
      const day = dayOf(at + SA_OFFSET_MS);
      const found = byDay.get(day);
      days.push({ day, totals: Object.fromEntries(currencies.map((c) => [c, found?.totals[c] ?? '0.00'])), orders: found?.orders ?? 0 });
    }
    return { from, to, currencies, days, gateways, totals, testTotals };
  }

  async function overview(companyId: number): Promise<DashboardOverview> {
    const states = (await db.execute(sql`
      SELECT ${vms.state} AS state, count(*)::int AS n FROM ${vms} WHERE ${vms.companyId} = ${companyId} GROUP BY ${vms.state}`)) as unknown as Rows<{
      state: string;
      n: number;
    }>;
    const vmStates = Object.fromEntries(states.rows.map((r) => [r.state, Number(r.n)]));
    const active = sql.join(
      POWERED_VM_STATES.map((s) => sql`${s}`),
      sql`, `,
    );
    const expiring = (await db.execute(sql`
      SELECT ${vms.id} AS id, ${vms.name} AS name, ${vms.alias} AS alias, ${vms.state} AS state, ${vms.blocked} AS blocked, ${vms.endAt} AS end_at,
             ${customers.id} AS customer_id, trim(${customers.firstName} || ' ' || ${customers.lastName}) AS customer_name, ${customers.email} AS customer_email,
             count(*) OVER ()::int AS total
      FROM ${vms} JOIN ${customers} ON ${customers.id} = ${vms.customerId}
      WHERE ${vms.companyId} = ${companyId} AND ${vms.state} IN (${active})
        AND ${vms.endAt} >= now() AND ${vms.endAt} < now() + make_interval(days => ${EXPIRING_WITHIN_DAYS})
      ORDER BY ${vms.endAt}, ${vms.id}
      LIMIT ${EXPIRING_LIST_LIMIT}`)) as unknown as Rows<{
      id: number;
      name: string;
      alias: string | null;
      state: VmState;
      blocked: boolean;
      end_at: string | Date;
      customer_id: number;
      customer_name: string;
      customer_email: string;
      total: number;
    }>;
    const ticketCounts = (await db.execute(sql`
      SELECT ${tickets.status} AS status, count(*)::int AS n FROM ${tickets}
      WHERE ${tickets.companyId} = ${companyId} AND ${tickets.status} IN (${sql.join(
        UNRESOLVED_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )})
      GROUP BY ${tickets.status}`)) as unknown as Rows<{ status: string; n: number }>;
    const ticketsIn = (status: string) => Number(ticketCounts.rows.find((r) => r.status === status)?.n ?? 0);

    return {
      activeVms: POWERED_VM_STATES.reduce((sum, s) => sum + (vmStates[s] ?? 0), 0),
      vmStates,
      expiringCount: Number(expiring.rows[0]?.total ?? 0),
      expiring: expiring.rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        alias: r.alias,
        state: r.state,
        blocked: Boolean(r.blocked),
        endAt: new Date(r.end_at).toISOString(),
        customer: { id: Number(r.customer_id), name: r.customer_name, email: r.customer_email },
      })),
      openTickets: ticketsIn('Open'),
      inProgressTickets: ticketsIn('In Progress'),
    };
  }

  return { revenue, overview };
}

/** Compares two non-negative decimal strings with two places ("12.50" vs "9.99") without floats. */
function compareAmounts(a: string, b: string): number {
  const [aw = '0', af = '00'] = a.split('.');
  const [bw = '0', bf = '00'] = b.split('.');
  const x = BigInt(aw + af.padEnd(2, '0'));
  const y = BigInt(bw + bf.padEnd(2, '0'));
  return x === y ? 0 : x > y ? 1 : -1;
}

export type DashboardService = ReturnType<typeof createDashboardService>;
