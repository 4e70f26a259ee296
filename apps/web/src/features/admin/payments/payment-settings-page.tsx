import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { GatewayMode, GatewaySettingsRow, PaymentSettingsReply, PaymentSettingsUpdate } from '@mawingu/contracts/admin/payments';
import type { GatewayKey } from '@mawingu/contracts/purchase';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Switch.css';
import { formatDate } from '../../../lib/format-date.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { ApiError } from '../../../api/api-error.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { ConfirmModal } from '../shell/confirm-modal.tsx';
import { QueryState } from '../shell/query-state.tsx';
import { usePaymentSettings, useSavePaymentSettings } from './payments-api.ts';
import classes from './payments.module.css';

const ALL_GATEWAYS: GatewayKey[] = ['payfast', 'ozow', 'pesapal', 'paypal'];

type GatewayDraft = { mode: GatewayMode; values: Record<string, string> };
type Draft = { bypass: boolean; regions: Record<number, GatewayKey[]>; gateways: Record<string, GatewayDraft> };

/** The form starts from what is stored; credential fields always start empty (stored values are never sent back). */
function draftOf(data: PaymentSettingsReply): Draft {
  return {
    bypass: data.bypass,
    regions: Object.fromEntries(data.regions.map((r) => [r.id, [...r.gateways]])),
    gateways: Object.fromEntries(
      data.gateways.map((g) => [g.gateway, { mode: g.mode, values: Object.fromEntries(g.fields.map((f) => [f.name, ''])) }]),
    ),
  };
}

/** Only what the operator changed: a gateway section is sent when its mode changed or a value was typed. */
function updateOf(data: PaymentSettingsReply, draft: Draft): PaymentSettingsUpdate {
  const gateways: NonNullable<PaymentSettingsUpdate['gateways']> = {};
  for (const stored of data.gateways) {
    const d = draft.gateways[stored.gateway]!;
    const typed = Object.entries(d.values).filter(([, v]) => v.trim() !== '');
    const modeChanged = stored.configured && d.mode !== stored.mode;
    if (typed.length || modeChanged) gateways[stored.gateway] = { mode: d.mode, credentials: Object.fromEntries(typed) };
  }
  return {
    bypass: draft.bypass,
    regions: data.regions.map((r) => ({ id: r.id, gateways: draft.regions[r.id] ?? [] })),
    ...(Object.keys(gateways).length ? { gateways } : {}),
  };
}

function RegionGateways({
  region,
  index,
  chosen,
  error,
  onChange,
}: {
  region: PaymentSettingsReply['regions'][number];
  index: number;
  chosen: GatewayKey[];
  error?: string;
  onChange: (next: GatewayKey[]) => void;
}) {
  const { t } = useTranslation('adminPayments');
  const name = (g: GatewayKey) => t(`gateway.${g}`);
  const move = (from: number, to: number) => {
    const next = [...chosen];
    [next[from], next[to]] = [next[to]!, next[from]!];
    onChange(next);
  };
  const remaining = ALL_GATEWAYS.filter((g) => !chosen.includes(g));
  const headingId = `region-${region.id}-heading`;
  return (
    <Stack gap={6} data-testid="region-gateways" data-region={region.name}>
      <Text fw={600} size="sm" id={headingId}>
        {region.name}{' '}
        <Text span c="gray.7" size="sm">
          ({region.currency})
        </Text>
      </Text>
      {chosen.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('settings.noGateways')}
        </Text>
      ) : (
        <ol className={classes.gatewayList} aria-labelledby={headingId}>
          {chosen.map((g, n) => (
            <li key={g} className={classes.gatewayItem}>
              <Text size="sm">
                {n + 1}. {name(g)}
              </Text>
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray.8"
                  disabled={n === 0}
                  onClick={() => move(n, n - 1)}
                  aria-label={t('settings.moveUp', { gateway: name(g), region: region.name })}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray.8"
                  disabled={n === chosen.length - 1}
                  onClick={() => move(n, n + 1)}
                  aria-label={t('settings.moveDown', { gateway: name(g), region: region.name })}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  onClick={() => onChange(chosen.filter((x) => x !== g))}
                  aria-label={t('settings.removeGateway', { gateway: name(g), region: region.name })}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </li>
          ))}
        </ol>
      )}
      {remaining.length > 0 && (
        <Select
          label={t('settings.addGateway')}
          aria-label={`${t('settings.addGateway')} (${region.name})`}
          placeholder={t('settings.addGatewayPlaceholder')}
          data={remaining.map((g) => ({ value: g, label: name(g) }))}
          value={null}
          onChange={(value) => value && onChange([...chosen, value as GatewayKey])}
          size="xs"
          maw={260}
          error={error}
          comboboxProps={{ withinPortal: true }}
          data-testid={`add-gateway-${index}`}
        />
      )}
      {remaining.length === 0 && error && (
        <Text size="xs" c="red.8">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function statusOf(row: GatewaySettingsRow, t: (key: string, options?: Record<string, string>) => string): { text: string; color: string } {
  // Filled badges in shades whose white text passes AA contrast.
  if (row.unreadable) return { text: t('settings.status.unreadable'), color: 'red.9' };
  if (row.configured)
    return {
      text: t('settings.status.own', { mode: t(row.mode === 'live' ? 'settings.modeLive' : 'settings.modeTest') }),
      color: 'teal.9',
    };
  return { text: t(`settings.status.${row.fallback}`), color: row.fallback === 'none' ? '#a63d00' : 'gray.7' };
}

function GatewayAccount({
  row,
  draft,
  errors,
  onChange,
  onRemove,
}: {
  row: GatewaySettingsRow;
  draft: GatewayDraft;
  errors: Record<string, string>;
  onChange: (next: GatewayDraft) => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation('adminPayments');
  const tt = t as unknown as (key: string, options?: Record<string, string>) => string;
  const status = statusOf(row, tt);
  const gatewayName = t(`gateway.${row.gateway}`);
  const error = (name: string) => errors[`gateways.${row.gateway}.credentials.${name}`];
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={`account-${row.gateway}`}
      data-testid={`gateway-account-${row.gateway}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={4} id={`account-${row.gateway}`}>
            {gatewayName}
          </Title>
          <Badge color={status.color} variant="filled" radius="sm" tt="none" data-testid="gateway-status">
            {status.text}
          </Badge>
        </Group>
        {row.unreadable && (
          <Alert color="red" variant="light" p="xs">
            <Text size="sm">{t('settings.unreadableText')}</Text>
          </Alert>
        )}
        <div>
          <Text size="sm" fw={500} mb={4} id={`mode-${row.gateway}`}>
            {t('settings.mode')}
          </Text>
          <SegmentedControl
            aria-labelledby={`mode-${row.gateway}`}
            value={draft.mode}
            onChange={(mode) => onChange({ ...draft, mode: mode as GatewayMode })}
            data={[
              { value: 'test', label: t('settings.modeTest') },
              { value: 'live', label: t('settings.modeLive') },
            ]}
            size="xs"
          />
          <Text size="xs" c="gray.7" mt={4}>
            {t('settings.modeHint')}
          </Text>
          {errors[`gateways.${row.gateway}.mode`] && (
            <Text size="xs" c="red.8">
              {errors[`gateways.${row.gateway}.mode`]}
            </Text>
          )}
        </div>
        {row.fields.map((f) => {
          const label = t(`settings.field.${f.name}` as 'settings.field.merchantId');
          const props = {
            label: f.required ? label : `${label} (${t('settings.optional').toLowerCase()})`,
            description: f.set ? t('settings.keepHint', { masked: f.masked }) : undefined,
            placeholder: f.set ? f.masked : undefined,
            value: draft.values[f.name] ?? '',
            onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
              onChange({ ...draft, values: { ...draft.values, [f.name]: event.currentTarget.value } }),
            error: error(f.name),
            maxLength: 256,
            autoComplete: 'off',
            spellCheck: false,
            'data-field': f.name,
          };
          return f.secret ? <PasswordInput key={f.name} {...props} autoComplete="new-password" /> : <TextInput key={f.name} {...props} />;
        })}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="gray.7">
            {row.updatedAt ? t('settings.updated', { date: formatDate(row.updatedAt, i18n.language, { withTime: true }) }) : ''}
          </Text>
          {row.configured && (
            <Button variant="default" c="red.9" size="compact-sm" onClick={onRemove}>
              {t('settings.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function SettingsForm({ companyId, data }: { companyId: number; data: PaymentSettingsReply }) {
  const { t } = useTranslation('adminPayments');
  const save = useSavePaymentSettings(companyId);
  const [draft, setDraft] = useState(() => draftOf(data));
  const [removing, setRemoving] = useState<GatewayKey | null>(null);
  // A saved reply (masked) starts the form again: typed secrets leave the page's memory.
  useEffect(() => setDraft(draftOf(data)), [data]);
  const apiError = save.error instanceof ApiError ? save.error : null;
  const errors = apiError?.fieldErrors ?? {};

  function submit() {
    save.mutate(updateOf(data, draft), { onSuccess: () => showSuccessToast(t('settings.saved')) });
  }

  function remove(gateway: GatewayKey) {
    save.mutate(
      { gateways: { [gateway]: { remove: true } } },
      {
        onSuccess: () => showSuccessToast(t('settings.removed', { gateway: t(`gateway.${gateway}`) })),
        onSettled: () => setRemoving(null),
      },
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="lg">
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="bypass-title">
          <Stack gap="xs">
            <Title order={3} size="h4" id="bypass-title">
              {t('settings.bypassTitle')}
            </Title>
            <Switch
              label={t('settings.bypassLabel')}
              description={t('settings.bypassHint')}
              checked={draft.bypass}
              onChange={(event) => setDraft({ ...draft, bypass: event.currentTarget.checked })}
            />
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="regions-title">
          <Stack gap="sm">
            <div>
              <Title order={3} size="h4" id="regions-title">
                {t('settings.regionsTitle')}
              </Title>
              <Text size="sm" c="gray.7">
                {t('settings.regionsIntro')}
              </Text>
            </div>
            {data.regions.length === 0 ? (
              <Text size="sm">{t('settings.noRegions')}</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="lg">
                {data.regions.map((region, index) => (
                  <RegionGateways
                    key={region.id}
                    region={region}
                    index={index}
                    chosen={draft.regions[region.id] ?? []}
                    error={errors[`regions.${index}.gateways`] ?? errors[`regions.${index}.id`]}
                    onChange={(next) => setDraft({ ...draft, regions: { ...draft.regions, [region.id]: next } })}
                  />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Card>

        <section aria-labelledby="accounts-title">
          <Stack gap="sm">
            <div>
              <Title order={3} size="h4" id="accounts-title">
                {t('settings.accountsTitle')}
              </Title>
              <Text size="sm" c="gray.7">
                {t('settings.accountsIntro')}
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              {data.gateways.map((row) => (
                <GatewayAccount
                  key={row.gateway}
                  row={row}
                  draft={draft.gateways[row.gateway]!}
                  errors={errors}
                  onChange={(next) => setDraft({ ...draft, gateways: { ...draft.gateways, [row.gateway]: next } })}
                  onRemove={() => setRemoving(row.gateway)}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </section>

        {apiError && (
          <Alert color="red" variant="light" role="alert">
            {Object.keys(errors).length ? t('settings.fixErrors') : apiError.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending && removing === null}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>

      {removing && (
        <ConfirmModal
          opened
          title={t('settings.removeTitle', { gateway: t(`gateway.${removing}`) })}
          text={t('settings.removeText', { gateway: t(`gateway.${removing}`) })}
          confirmLabel={t('settings.removeConfirm')}
          color="red.9"
          closeLabel={t('common.cancel')}
          pending={save.isPending}
          onConfirm={() => remove(removing)}
          onClose={() => setRemoving(null)}
        />
      )}
    </form>
  );
}

/** /admin/c/:companyId/payments — bypass, gateways per region, the company's own gateway accounts. */
export default function PaymentSettingsPage() {
  const { t } = useTranslation('adminPayments');
  const companyId = useScopedCompanyId();
  const query = usePaymentSettings(companyId);
  return (
    <Stack gap="md" maw={1200}>
      <div>
        <Title order={2}>{t('settings.title')}</Title>
        <Text size="sm" c="gray.7">
          {t('settings.intro')}
        </Text>
      </div>
      <QueryState area="adminPayments" query={query} rows={4}>
        {(data) => <SettingsForm key={companyId} companyId={companyId} data={data} />}
      </QueryState>
    </Stack>
  );
}
