import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { VM_STATES } from '@mawingu/contracts/vm-state';
import { customers } from './accounts.ts';
import { products } from './catalog.ts';
import { companies } from './companies.ts';
import { orders } from './orders.ts';

/** state: see VM_STATES (contracts/vm-state.ts); moved only by modules/vms/vm-state.ts. */
export const vmState = pgEnum('vm_state', VM_STATES);

/** A customer's virtual machine as the portal knows it; the hypervisor holds the machine itself. */
export const vms = pgTable(
  'vms',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The new-VM order that bought it: one VM per order; null for a VM restored from a clone. */
    orderId: integer('order_id'),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The adapter that holds the machine (simulator, scaleComputing, openNebula, nodeWeaver). */
    provider: text('provider').notNull(),
    /** The hypervisor's id of the machine (the spec's virDomainUUID); null until the hypervisor accepted it. */
    externalId: text('external_id'),
    name: text('name').notNull(),
    alias: text('alias'),
    /** The product's operating system at purchase, shown on the account page. */
    os: text('os').notNull(),
    state: vmState('state').notNull().default('provisioning'),
    /** Set by an operator: every customer action is refused while it is set. */
    blocked: boolean('blocked').notNull().default(false),
    /** Why an operator suspended it, shown to the customer on the VM's card; null when not blocked (or blocked without one). */
    blockedReason: text('blocked_reason'),
    cpu: integer('cpu').notNull(),
    ramGb: integer('ram_gb').notNull(),
    diskGb: integer('disk_gb').notNull(),
    regionId: integer('region_id'),
    /** Days bought with the order; end_at = start_at + days once the machine runs. */
    days: integer('days').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * The end date a paid renewal started from: while now() is before it, the VM is "Renewed" (its
     * next period is already bought) and cannot be renewed again. Null when never renewed.
     */
    renewedFrom: timestamp('renewed_from', { withTimezone: true }),
    /** When the end date passed and the machine was stopped (state expired). */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** When the grace period ended and the machine was archived. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** When the customer deleted it; kept for an operator to restore within the retention window. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * A hypervisor action queued or running for this VM ('deleting', 'resizing', 'restoring', …):
     * a second action waits until it is done. Null when idle.
     */
    pendingAction: text('pending_action'),
    /** The clone this VM was restored from, if any. */
    restoredFromBackupId: integer('restored_from_backup_id'),
    /** The machine's login (ADR 0100): its user, its generated password sealed (secret-box), when the owner saw it. */
    loginUser: text('login_user'),
    passwordSealed: text('password_sealed'),
    passwordShownAt: timestamp('password_shown_at', { withTimezone: true }),
    /** The machine's address as the hypervisor reported it once it ran (its LAN address; a public IP is on public_ips). */
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    // A VM restored from a clone has no order of its own; a bought VM has exactly one.
    uniqueIndex('vms_order_uq').on(t.orderId),
    index('vms_customer_idx').on(t.companyId, t.customerId),
    index('vms_state_end_idx').on(t.state, t.endAt),
  ],
);

/**
 * The simulator hypervisor's own machines (the embedded default). It stands for the remote
 * hypervisor, so the portal's code reads it only through the Hypervisor port.
 */
export const simulatorVms = pgTable('simulator_vms', {
  id: text('id').primaryKey(),
  /** A retried create finds the machine the first attempt made. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  name: text('name').notNull(),
  template: text('template').notNull(),
  cpu: integer('cpu').notNull(),
  ramGb: integer('ram_gb').notNull(),
  diskGb: integer('disk_gb').notNull(),
  /** Disks added after creation (at most two), in GB. */
  addedDisksGb: integer('added_disks_gb')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  /** creating | running | stopped | archived | deleted; `creating` turns `running` once ready_at has passed. */
  state: text('state').notNull(),
  /** What the guest was given to let its owner in (cloud-init's user, SHA-512 crypt password, SSH keys). */
  loginUser: text('login_user'),
  cryptedPassword: text('crypted_password'),
  sshPublicKeys: text('ssh_public_keys')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  readyAt: timestamp('ready_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** Disks added to a VM by update orders (updateType Disk): at most two, slots 1 and 2. */
export const vmDisks = pgTable(
  'vm_disks',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    vmId: integer('vm_id')
      .notNull()
      .references(() => vms.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    slot: integer('slot').notNull(),
    sizeGb: integer('size_gb').notNull(),
    /** pending until the hypervisor added it, then attached. */
    state: text('state').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('vm_disks_slot_uq').on(t.vmId, t.slot),
    uniqueIndex('vm_disks_order_uq').on(t.orderId),
    check('vm_disks_slot_ck', sql`${t.slot} between 1 and 2`),
  ],
);

export const BACKUP_KINDS = ['clone', 'snapshot'] as const;
export const BACKUP_STATES = ['creating', 'ready', 'failed', 'restored', 'deleted'] as const;
export type BackupState = (typeof BACKUP_STATES)[number];

/** A clone or snapshot of a VM bought with a kind-2 order; listed on the Backup tab. */
export const vmBackups = pgTable(
  'vm_backups',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    vmId: integer('vm_id')
      .notNull()
      .references(() => vms.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: BACKUP_KINDS }).notNull(),
    name: text('name').notNull(),
    cpu: integer('cpu').notNull(),
    ramGb: integer('ram_gb').notNull(),
    diskGb: integer('disk_gb').notNull(),
    /** Clones: how many periods are kept (the spec's cloneDuration) and the period (daily, weekly, monthly). */
    cloneDuration: integer('clone_duration'),
    cloneType: text('clone_type'),
    /** The hypervisor's id of the copy (the spec's cloneVMUUID / snapshotVMUUID). */
    externalId: text('external_id'),
    state: text('state', { enum: BACKUP_STATES }).notNull().default('creating'),
    pendingAction: text('pending_action'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [uniqueIndex('vm_backups_order_uq').on(t.orderId), index('vm_backups_customer_idx').on(t.companyId, t.customerId)],
);

/**
 * The VMs an order of kinds 2–5 acts on, with each VM's share of the bill (multi-renew has several)
 * and what the order does to it (days extended, new sizes, clone settings), frozen at creation.
 */
export const orderVms = pgTable(
  'order_vms',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vmId: integer('vm_id')
      .notNull()
      .references(() => vms.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    tax: numeric('tax', { precision: 14, scale: 2 }).notNull(),
    arrears: numeric('arrears', { precision: 14, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    /** Renewals: the days added to the end date, and the days already past it (arrears). */
    daysAdded: integer('days_added').notNull().default(0),
    daysExtended: integer('days_extended').notNull().default(0),
    /** Kind-specific settings: { updateType, cpu, ramGb, diskGb, addDiskGb } or { backupKind, cloneDuration, cloneType }. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** When the fulfilment job finished this VM's part (idempotency of the job). */
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.vmId] }), index('order_vms_vm_idx').on(t.vmId)],
);

/** A VM's public address: the port forwarding the customer asked for (assignPublicIP). */
export const publicIps = pgTable(
  'public_ips',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    vmId: integer('vm_id')
      .notNull()
      .references(() => vms.id, { onDelete: 'cascade' }),
    lanIp: text('lan_ip').notNull(),
    hostName: text('host_name').notNull(),
    tcpPorts: text('tcp_ports').array().notNull(),
    udpPorts: text('udp_ports').array().notNull(),
    /** The public address once the network accepted the rules; null while pending. */
    publicIp: text('public_ip'),
    /** pending → active | failed. */
    state: text('state').notNull().default('pending'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [uniqueIndex('public_ips_vm_uq').on(t.vmId)],
);

/** Expiry reminders sent (7, 3 and 1 days before an end date): once per VM, end date and threshold. */
export const vmExpiryReminders = pgTable(
  'vm_expiry_reminders',
  {
    vmId: integer('vm_id')
      .notNull()
      .references(() => vms.id, { onDelete: 'cascade' }),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.vmId, t.endAt, t.daysBefore] })],
);

/** The simulator hypervisor's clones and snapshots (stands for the remote hypervisor's copies). */
export const simulatorBackups = pgTable('simulator_backups', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  vmId: text('vm_id').notNull(),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  cpu: integer('cpu').notNull(),
  ramGb: integer('ram_gb').notNull(),
  diskGb: integer('disk_gb').notNull(),
  /** ready | deleted */
  state: text('state').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** The simulator network's port forwarding rules per key (stands for the Meraki network's rule list). */
export const simulatorNetworkRules = pgTable('simulator_network_rules', {
  key: text('key').primaryKey(),
  publicIp: text('public_ip').notNull(),
  rules: jsonb('rules').$type<unknown[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
