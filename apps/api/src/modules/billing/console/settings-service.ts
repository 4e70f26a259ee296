import { and, eq, inArray } from 'drizzle-orm';
import {
  GATEWAY_CREDENTIAL_FIELDS,
  maskCredential,
  paymentsAdminMessages as texts,
  type GatewayCredentials,
  type GatewaySettingsRow,
  type PaymentSettingsReply,
  type PaymentSettingsUpdate,
} from '@mawingu/contracts/admin/payments';
import { fill } from '@mawingu/contracts/messages';
import { GATEWAY_LABELS, GATEWAYS, gatewayTakes, type GatewayKey } from '@mawingu/contracts/purchase';
import type { Db } from '../../../db/client.ts';
import { companyGatewayCredentials, paymentSettings, regionGateways } from '../../../db/schema.ts';
import { companyRegions } from '../../catalogue/index.ts';
import { paymentOptionsOf } from '../payments/payment-options.ts';
import { AppError } from '../../../http/app-error.ts';
import type { SecretBox } from '../../../integrations/secrets/secret-box.ts';
import type { GatewayCredentialsSource } from '../payments/gateway-credentials.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';

type StoredRow = typeof companyGatewayCredentials.$inferSelect;

export type PaymentSettingsDeps = {
  db: Db;
  secretBox: SecretBox;
  /** The payments module's resolution: what a company without credentials falls back to, and its cache. */
  credentials?: Pick<GatewayCredentialsSource, 'serverResolution'>;
  /** Called after a change commits: every instance reads the credentials and purchase terms again. */
  changed: (companyId: number) => Promise<void>;
};

/** What a stored row holds, opened; undefined when it was sealed under another key (or altered). */
export function openStoredCredentials(secretBox: SecretBox, row: StoredRow): GatewayCredentials | undefined {
  try {
    const parsed: unknown = JSON.parse(secretBox.open(row.credentialsSealed));
    if (!parsed || typeof parsed !== 'object') return undefined;
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return undefined;
  }
}

/**
 * A company's payment settings in the console (issue 7, point 4): the bypass switch, the gateways
 * each region offers in their order, and the company's own gateway credentials — sealed with the
 * server's secret box, shown back only masked, never written to the audit log in clear.
 */
export function createPaymentSettingsAdmin({ db, secretBox, credentials, changed }: PaymentSettingsDeps) {
  function fallbackOf(gateway: GatewayKey): GatewaySettingsRow['fallback'] {
    const server = credentials?.serverResolution(gateway);
    if (!server) return 'none';
    if (server.source === 'sandbox') return 'sandbox';
    return server.mode === 'live' ? 'server-live' : 'server-test';
  }

  function gatewayRow(gateway: GatewayKey, row: StoredRow | undefined): GatewaySettingsRow {
    const opened = row ? openStoredCredentials(secretBox, row) : undefined;
    return {
      gateway,
      configured: row !== undefined,
      mode: row?.mode === 'live' ? 'live' : 'test',
      unreadable: row !== undefined && opened === undefined,
      fields: GATEWAY_CREDENTIAL_FIELDS[gateway].map((f) => {
        const value = opened?.[f.name] ?? '';
        return { name: f.name, required: f.required, secret: f.secret, set: value !== '', masked: value ? maskCredential(value) : '' };
      }),
      fallback: fallbackOf(gateway),
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  async function view(q: Db, companyId: number): Promise<PaymentSettingsReply> {
    const [{ bypass, gateways: offered }, regionRows, stored] = await Promise.all([
      paymentOptionsOf(q, companyId),
      companyRegions(q, companyId),
      q.select().from(companyGatewayCredentials).where(eq(companyGatewayCredentials.companyId, companyId)),
    ]);
    return {
      bypass,
      regions: regionRows.map((r) => ({
        id: r.id,
        name: r.name,
        currency: r.currency,
        gateways: offered.filter((g) => g.regionId === r.id).map((g) => g.gateway as GatewayKey),
      })),
      gateways: GATEWAYS.map((g) =>
        gatewayRow(
          g,
          stored.find((s) => s.gateway === g),
        ),
      ),
    };
  }

  /** The settings as the audit log keeps them: masked credentials, no dates. */
  const auditView = (v: PaymentSettingsReply) => ({
    bypass: v.bypass,
    regions: v.regions.map((r) => ({ id: r.id, name: r.name, gateways: r.gateways })),
    gateways: v.gateways.map((g) => ({
      gateway: g.gateway,
      configured: g.configured,
      mode: g.mode,
      fields: Object.fromEntries(g.fields.filter((f) => f.set).map((f) => [f.name, f.masked])),
    })),
  });

  /** The credentials a PUT leaves: entered values replace, empty ones keep what is stored. 400 names each missing field. */
  function mergeCredentials(gateway: GatewayKey, entered: Record<string, string>, row: StoredRow | undefined) {
    const fields = GATEWAY_CREDENTIAL_FIELDS[gateway];
    const errors: Record<string, string> = {};
    const path = (name: string) => `gateways.${gateway}.credentials.${name}`;
    for (const name of Object.keys(entered)) {
      if (!fields.some((f) => f.name === name)) errors[path(name)] = texts.credentialInvalid;
    }
    const stored = row ? openStoredCredentials(secretBox, row) : undefined;
    const merged: GatewayCredentials = {};
    const changedFields: string[] = [];
    for (const f of fields) {
      const value = entered[f.name]?.trim() ?? '';
      if (value) {
        merged[f.name] = value;
        if (stored?.[f.name] !== value) changedFields.push(f.name);
      } else if (stored?.[f.name]) {
        merged[f.name] = stored[f.name]!;
      } else if (f.required) {
        // An unreadable row's values cannot be kept: the required ones must be entered again (optional ones are gone).
        errors[path(f.name)] = row && !stored ? texts.credentialUnreadable : texts.credentialRequired;
      }
    }
    return { merged, changedFields, errors };
  }

  async function update(operator: Operator, companyId: number, input: PaymentSettingsUpdate): Promise<PaymentSettingsReply> {
    const result = await db.transaction(async (tx) => {
      const before = await view(tx, companyId);
      const errors: Record<string, string> = {};

      // Regions: each one the company's, each listed once, each gateway once per region.
      const regionInput = input.regions ?? [];
      const known = new Set(before.regions.map((r) => r.id));
      const seen = new Set<number>();
      regionInput.forEach((r, i) => {
        if (!known.has(r.id)) errors[`regions.${i}.id`] = texts.regionNotFound;
        else if (seen.has(r.id)) errors[`regions.${i}.id`] = texts.regionTwice;
        seen.add(r.id);
        if (new Set(r.gateways).size !== r.gateways.length) errors[`regions.${i}.gateways`] = texts.gatewayTwice;
        // A gateway that cannot charge the region's currency would fail every checkout there.
        const currency = before.regions.find((b) => b.id === r.id)?.currency;
        const refused = currency === undefined ? undefined : r.gateways.find((g) => !gatewayTakes(g, currency));
        if (refused && !errors[`regions.${i}.gateways`]) {
          errors[`regions.${i}.gateways`] = fill(texts.gatewayCurrency, {
            gateway: GATEWAY_LABELS[refused],
            currency: currency!.trim().toUpperCase(),
          });
        }
      });

      // Credentials: merged with what is stored before anything is written.
      const stored = await tx.select().from(companyGatewayCredentials).where(eq(companyGatewayCredentials.companyId, companyId));
      const writes: Array<{ gateway: GatewayKey; mode: 'test' | 'live'; credentials: GatewayCredentials }> = [];
      const removals: GatewayKey[] = [];
      const credentialsChanged: Record<string, string[]> = {};
      for (const gateway of GATEWAYS) {
        const change = input.gateways?.[gateway];
        if (!change) continue;
        const row = stored.find((s) => s.gateway === gateway);
        if (change.remove) {
          if (row) removals.push(gateway);
          continue;
        }
        const entered = change.credentials ?? {};
        const anyEntered = Object.values(entered).some((v) => v.trim() !== '');
        // Nothing entered and the mode as it is: the form's untouched section, not a change.
        if (!anyEntered && (!row || (change.mode ?? row.mode) === row.mode)) continue;
        const { merged, changedFields, errors: fieldErrors } = mergeCredentials(gateway, entered, row);
        Object.assign(errors, fieldErrors);
        const mode = change.mode ?? (row?.mode === 'live' ? 'live' : 'test');
        if (changedFields.length || mode !== row?.mode || !row) {
          writes.push({ gateway, mode, credentials: merged });
          if (changedFields.length) credentialsChanged[gateway] = changedFields;
        }
      }
      if (Object.keys(errors).length) throw AppError.badRequest(Object.values(errors)[0]!, errors);

      if (input.bypass !== undefined && input.bypass !== before.bypass) {
        await tx
          .insert(paymentSettings)
          .values({ companyId, bypass: input.bypass })
          .onConflictDoUpdate({ target: paymentSettings.companyId, set: { bypass: input.bypass } });
      }
      for (const r of regionInput) {
        const current = before.regions.find((b) => b.id === r.id)!.gateways;
        if (current.join() === r.gateways.join()) continue;
        await tx.delete(regionGateways).where(and(eq(regionGateways.companyId, companyId), eq(regionGateways.regionId, r.id)));
        if (r.gateways.length) {
          await tx
            .insert(regionGateways)
            .values(r.gateways.map((gateway, sortOrder) => ({ companyId, regionId: r.id, gateway, sortOrder })));
        }
      }
      for (const w of writes) {
        const sealed = secretBox.seal(JSON.stringify(w.credentials));
        await tx
          .insert(companyGatewayCredentials)
          .values({ companyId, gateway: w.gateway, mode: w.mode, credentialsSealed: sealed })
          .onConflictDoUpdate({
            target: [companyGatewayCredentials.companyId, companyGatewayCredentials.gateway],
            set: { mode: w.mode, credentialsSealed: sealed, updatedAt: new Date() },
          });
      }
      if (removals.length) {
        await tx
          .delete(companyGatewayCredentials)
          .where(and(eq(companyGatewayCredentials.companyId, companyId), inArray(companyGatewayCredentials.gateway, removals)));
      }

      const after = await view(tx, companyId);
      const beforeAudit = auditView(before);
      const afterAudit = auditView(after);
      const changedAnything = JSON.stringify(beforeAudit) !== JSON.stringify(afterAudit) || Object.keys(credentialsChanged).length > 0;
      if (changedAnything) {
        await recordAudit(tx, {
          actor: operator,
          companyId,
          action: 'payments.settings.update',
          targetType: 'company',
          targetId: companyId,
          before: beforeAudit,
          // Which credential fields got a new value (masked values alone may look the same).
          after: { ...afterAudit, credentialsChanged, credentialsRemoved: removals },
        });
      }
      return { after, changedAnything };
    });
    if (result.changedAnything) await changed(companyId);
    return result.after;
  }

  return { read: (companyId: number) => view(db, companyId), update };
}
