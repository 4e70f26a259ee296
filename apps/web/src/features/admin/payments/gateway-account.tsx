import { Alert, Badge, Button, Card, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GatewayMode, GatewaySettingsRow } from '@mawingu/contracts/admin/payments';
import '@mantine/core/styles/PasswordInput.css';
import '../../../components/segmented-control-styles.ts';
import { formatDate } from '../../../lib/format-date.ts';
import type { GatewayDraft } from './settings-draft.ts';

/** The badge of a gateway account: the company's own (live or test), unreadable, or what it falls back to. */
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

/** The company's own account at one gateway: status, mode, credential fields (never shown back). */
export function GatewayAccount({
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
