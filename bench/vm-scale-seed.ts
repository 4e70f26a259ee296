/**
 * The VM scale bench's world, written in set-based SQL (generate_series): one company with
 * CUSTOMERS customers and VMS VMs (ten each), their new-VM orders, clones and snapshots of one VM
 * in ten (with their kind-2 orders), public IPs on one running VM in five, and VMs in every state
 * an account shows. End dates spread over [-60, 365) days from now and the states are what a daily
 * expiry pass would have left yesterday: expired within the grace period, archived before it,
 * reminders sent for the thresholds already reached. So the measured pass does one day's work:
 * the VMs whose end passed since yesterday, the grace periods that ended, the thresholds crossed.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client.ts';
import { companies } from '../apps/api/src/db/schema.ts';
import { completeCompany, upsertCompany } from '../apps/api/src/db/seed/factories.ts';
import { createProduct, createRegion } from '../apps/api/src/db/seed/purchase-factories.ts';

export const SITE = 'https://bench-vms.example';
export const GRACE_DAYS = 7;

export type SeededWorld = { companyId: number; customerIds: number[] };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function seedVmWorld(db: Db, customers: number, vmsPerCustomer: number): Promise<SeededWorld> {
  const total = customers * vmsPerCustomer;
  const company = await upsertCompany(db, completeCompany('bench-vms', 'Bench VM Cloud'), [SITE]);
  await db
    .update(companies)
    .set({ expiryGraceDays: GRACE_DAYS })
    .where(sql`${companies.id} = ${company.id}`);
  const region = await createRegion(db, company.id, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' });
  const product = await createProduct(db, company.id, {
    name: 'Bench VM',
    osType: 'Ubuntu 24.04',
    specs: [
      { name: 'Processor', unit: 'vCPU', count: 2, min: 1, max: 8, cost: '120.0000' },
      { name: 'Memory', unit: 'GB', count: 4, min: 1, max: 16, cost: '45.0000' },
      { name: 'Disk', unit: 'GB', count: 50, min: 20, max: 500, step: 10, cost: '1.5000' },
    ],
    regionIds: [region.id],
  });
  const co = company.id;

  // Customers: sign-in goes through sessions in the bench, so one placeholder hash serves all.
  const customerIds = rowsOf<{ id: number }>(
    await db.execute(sql`
      INSERT INTO customers (company_id, email, password_hash, first_name, last_name, country_code, contact_no, region, address, city, state, post_code, email_verified_at)
      SELECT ${co}, 'customer' || g || '@bench.example', 'bench-no-password', 'Customer', 'No' || g, '+27', '0110000000', 'South Africa', '1 Bench Road', 'Johannesburg', 'Gauteng', '2000', now()
      FROM generate_series(1, ${customers}) g
      RETURNING id`),
  )
    .map((r) => r.id)
    .sort((a, b) => a - b);
  const firstCustomer = customerIds[0]!;

  // One paid new-VM order per VM; VM g belongs to customer (g - 1) % customers, its end date
  // `offset` days (and some hours) from now: a spread of 425 days, 60 of them in the past.
  await db.execute(sql`
    INSERT INTO orders (company_id, customer_id, kind, status, reference, product_id, product_name, region_id, region_name, days, currency, tax_percent, price, tax, discount, total, gateway, paid_at, created_at, updated_at)
    SELECT ${co}, ${firstCustomer} + (g - 1) % ${customers}, 1, 'fulfilled', 'BENCH-VM-' || g, ${product.id}, 'Bench VM', ${region.id}, 'South Africa', 90,
      'ZAR', 15, 2250.00, 337.50, 65.25, 2522.25, 'PayFast Payment', t, t, t
    FROM generate_series(1, ${total}) g, LATERAL (SELECT now() - (((g * 7919) % 425) + 30) * interval '1 day' AS t) x`);

  await db.execute(sql`
    WITH seeded AS (
      SELECT o.id AS order_id, o.customer_id, o.created_at, split_part(o.reference, '-', 3)::int AS g
      FROM orders o WHERE o.company_id = ${co} AND o.kind = 1
    ), dated AS (
      SELECT s.*, now() + ((((g * 7919) % 425) - 60) * interval '1 day') + ((g * 31) % 24) * interval '1 hour' AS end_at FROM seeded s
    )
    INSERT INTO vms (company_id, customer_id, order_id, product_id, provider, external_id, name, alias, os, state, blocked, cpu, ram_gb, disk_gb, region_id, days,
      start_at, end_at, expired_at, archived_at, created_at, updated_at)
    SELECT ${co}, d.customer_id, d.order_id, ${product.id}, 'simulator', 'bench-' || d.g, 'vm-' || d.g, CASE WHEN d.g % 3 = 0 THEN 'web ' || d.g END, 'Ubuntu 24.04',
      (CASE WHEN d.end_at > now() THEN CASE WHEN d.g % 10 = 0 THEN 'stopped' ELSE 'running' END
           WHEN d.end_at > now() - interval '1 day' THEN 'running'
           WHEN d.end_at > now() - interval '1 day' - ${GRACE_DAYS} * interval '1 day' THEN 'expired'
           ELSE 'archived' END)::vm_state,
      d.g % 97 = 0, 1 + d.g % 4, 2 * (1 + d.g % 4), 20 + 10 * (d.g % 20), ${region.id}, 90,
      d.end_at - interval '90 days', d.end_at,
      CASE WHEN d.end_at <= now() - interval '1 day' THEN d.end_at + interval '1 hour' END,
      CASE WHEN d.end_at <= now() - interval '1 day' - ${GRACE_DAYS} * interval '1 day' THEN d.end_at + ${GRACE_DAYS} * interval '1 day' + interval '1 hour' END,
      d.created_at, d.created_at
    FROM dated d`);

  // Clones and snapshots of one VM in ten (not archived ones), each bought with its own kind-2 order.
  await db.execute(sql`
    INSERT INTO orders (company_id, customer_id, kind, status, reference, product_id, product_name, region_id, region_name, days, currency, tax_percent, price, tax, discount, total, gateway, paid_at)
    SELECT ${co}, v.customer_id, 2, 'fulfilled', 'BENCH-BACKUP-' || v.id, ${product.id}, 'Bench VM', ${region.id}, 'South Africa', 30, 'ZAR', 15, 300.00, 45.00, 0, 345.00, 'PayFast Payment', now() - interval '10 days'
    FROM vms v WHERE v.company_id = ${co} AND v.id % 10 = 0 AND v.state <> 'archived'`);
  await db.execute(sql`
    INSERT INTO vm_backups (company_id, customer_id, vm_id, order_id, kind, name, cpu, ram_gb, disk_gb, clone_duration, clone_type, external_id, state)
    SELECT ${co}, v.customer_id, v.id, o.id, CASE WHEN v.id % 20 = 0 THEN 'clone' ELSE 'snapshot' END, v.name || '-copy', v.cpu, v.ram_gb, v.disk_gb,
      CASE WHEN v.id % 20 = 0 THEN 7 END, CASE WHEN v.id % 20 = 0 THEN 'weekly' END, 'bench-copy-' || v.id, 'ready'
    FROM vms v JOIN orders o ON o.reference = 'BENCH-BACKUP-' || v.id AND o.company_id = ${co}
    WHERE v.company_id = ${co}`);

  // Public IPs on one running VM in five.
  await db.execute(sql`
    INSERT INTO public_ips (company_id, vm_id, lan_ip, host_name, tcp_ports, udp_ports, public_ip, state)
    SELECT ${co}, v.id, '10.' || (v.id / 65536) % 256 || '.' || (v.id / 256) % 256 || '.' || v.id % 256, v.name, ARRAY['22', '80', '443'], ARRAY[]::text[],
      '196.' || (v.id / 65536) % 256 || '.' || (v.id / 256) % 256 || '.' || v.id % 256, 'active'
    FROM vms v WHERE v.company_id = ${co} AND v.state = 'running' AND v.id % 5 = 0`);

  // Reminders yesterday's pass sent: every threshold an end date had reached by then.
  await db.execute(sql`
    INSERT INTO vm_expiry_reminders (vm_id, end_at, days_before, sent_at)
    SELECT v.id, v.end_at, t.d, now() - interval '1 day'
    FROM vms v CROSS JOIN (VALUES (7), (3), (1)) t(d)
    WHERE v.company_id = ${co} AND v.state IN ('running', 'stopped') AND NOT v.blocked
      AND v.end_at > now() - interval '1 day' AND v.end_at <= now() - interval '1 day' + t.d * interval '1 day'`);

  await db.execute(sql`ANALYZE`);
  return { companyId: co, customerIds };
}

/** How many VMs are in each state (printed with the results). */
export async function stateCounts(db: Db, companyId: number): Promise<Record<string, number>> {
  const rows = rowsOf<{ state: string; n: number }>(
    await db.execute(sql`SELECT state, count(*)::int AS n FROM vms WHERE company_id = ${companyId} GROUP BY state ORDER BY state`),
  );
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

/**
 * The first pass ever (the worst case, e.g. after the job was down for weeks): every VM whose end
 * date passed is still running, and no reminder was sent.
 */
export async function resetToNeverSwept(db: Db, companyId: number): Promise<void> {
  await db.execute(sql`DELETE FROM vm_expiry_reminders r USING vms v WHERE v.id = r.vm_id AND v.company_id = ${companyId}`);
  await db.execute(sql`
    UPDATE vms SET state = 'running', expired_at = NULL, archived_at = NULL
    WHERE company_id = ${companyId} AND state IN ('expired', 'archived')`);
  await db.execute(sql`ANALYZE vms`);
}
