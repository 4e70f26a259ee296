import { ActionIcon, Group, Select, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PaymentSettingsReply } from '@mawingu/contracts/admin/payments';
import { GATEWAYS, type GatewayKey } from '@mawingu/contracts/purchase';
import classes from './payments.module.css';

/** One region's gateways in the order its checkout offers them: add, remove, move up and down. */
export function RegionGateways({
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
  const remaining = GATEWAYS.filter((g) => !chosen.includes(g));
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
