import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { messages } from '@mawingu/contracts/messages';
import { parseSshPublicKey } from '@mawingu/contracts/ssh-public-key';
import { SSH_KEYS_MAX, type SshKey } from '@mawingu/contracts/vm-access';
import type { Db } from '../../../db/client.ts';
import { customerSshKeys, orderSshKeys } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';

/** OpenSSH's fingerprint: `SHA256:` and the unpadded base64 of the SHA-256 of the key's wire bytes. */
export const fingerprintOf = (blob: Uint8Array) => `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;

type KeyRow = typeof customerSshKeys.$inferSelect;
const present = (row: KeyRow): SshKey => ({
  ID: row.id,
  name: row.name,
  type: row.type,
  fingerprint: row.fingerprint,
  createdDate: row.createdAt.toISOString(),
});

/** A key the order chose, as the machine will get it. */
export type PickedKey = { name: string; publicKey: string; fingerprint: string };

/** The keys a new-VM order picked, in the order chosen (provisioning and the VM's view read them). */
export async function keysOfOrder(db: Db, orderId: number): Promise<PickedKey[]> {
  const rows = await db.select().from(orderSshKeys).where(eq(orderSshKeys.orderId, orderId)).orderBy(asc(orderSshKeys.position));
  return rows.map(({ name, publicKey, fingerprint }) => ({ name, publicKey, fingerprint }));
}

/**
 * The SSH public keys a customer keeps in the profile, and the copies a new-VM order takes of the
 * ones picked on the configurator. Another customer's key is "not found", never a hint.
 */
export function createSshKeyService(db: Db) {
  async function list(companyId: number, customerId: number): Promise<SshKey[]> {
    const rows = await db
      .select()
      .from(customerSshKeys)
      .where(and(eq(customerSshKeys.companyId, companyId), eq(customerSshKeys.customerId, customerId)))
      .orderBy(asc(customerSshKeys.createdAt), asc(customerSshKeys.id));
    return rows.map(present);
  }

  async function add(companyId: number, customerId: number, input: { name: string; publicKey: string }): Promise<SshKey> {
    const parsed = parseSshPublicKey(input.publicKey);
    if (!parsed.ok) throw AppError.badRequest(parsed.error, { publicKey: parsed.error });
    const { type, body, comment } = parsed.key;
    const fingerprint = fingerprintOf(parsed.key.blob);
    const kept = await list(companyId, customerId);
    if (kept.some((k) => k.fingerprint === fingerprint))
      throw AppError.badRequest(messages.sshKeyDuplicate, { publicKey: messages.sshKeyDuplicate });
    if (kept.length >= SSH_KEYS_MAX) throw AppError.badRequest(messages.sshKeysTooMany, { publicKey: messages.sshKeysTooMany });
    const [row] = await db
      .insert(customerSshKeys)
      .values({ companyId, customerId, name: input.name, type, publicKey: [type, body, comment].filter(Boolean).join(' '), fingerprint })
      .onConflictDoNothing()
      .returning();
    if (!row) throw AppError.badRequest(messages.sshKeyDuplicate, { publicKey: messages.sshKeyDuplicate });
    return present(row);
  }

  async function remove(companyId: number, customerId: number, keyId: number): Promise<{ ID: number }> {
    const [gone] = await db
      .delete(customerSshKeys)
      .where(and(eq(customerSshKeys.id, keyId), eq(customerSshKeys.companyId, companyId), eq(customerSshKeys.customerId, customerId)))
      .returning({ id: customerSshKeys.id });
    if (!gone) throw new AppError('not_found', 404, messages.sshKeyNotFound, { ID: messages.sshKeyNotFound });
    return { ID: gone.id };
  }

  /** The customer's keys of these ids, in the order given; any other id refuses the order (400 on sshKeyIDs). */
  async function pick(companyId: number, customerId: number, ids: number[] | undefined): Promise<PickedKey[]> {
    const wanted = [...new Set(ids ?? [])];
    if (wanted.length === 0) return [];
    const rows = await db
      .select()
      .from(customerSshKeys)
      .where(
        and(inArray(customerSshKeys.id, wanted), eq(customerSshKeys.companyId, companyId), eq(customerSshKeys.customerId, customerId)),
      );
    if (rows.length !== wanted.length) throw AppError.badRequest(messages.sshKeyNotFound, { sshKeyIDs: messages.sshKeyNotFound });
    return wanted
      .map((id) => rows.find((r) => r.id === id)!)
      .map((r) => ({ name: r.name, publicKey: r.publicKey, fingerprint: r.fingerprint }));
  }

  async function attachToOrder(orderId: number, keys: PickedKey[]): Promise<void> {
    if (keys.length === 0) return;
    await db
      .insert(orderSshKeys)
      .values(keys.map((k, position) => ({ orderId, position, ...k })))
      .onConflictDoNothing();
  }

  return { list, add, remove, pick, attachToOrder };
}

export type SshKeyService = ReturnType<typeof createSshKeyService>;
