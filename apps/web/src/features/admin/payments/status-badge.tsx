import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Filled badges in shades whose white text passes AA contrast (4.5:1).
const COLORS: Record<string, string> = {
  created: 'gray.7',
  started: 'gray.7',
  paid: 'teal.9',
  fulfilling: 'blue.8',
  fulfilled: 'teal.9',
  needs_attention: '#a63d00',
  failed: 'red.9',
  cancelled: 'dark.5',
};

/** The "paid" action's green: white text keeps AA contrast in its hover shade too (teal.9's hover, teal.8, does not). */
export const PAID_GREEN = '#07694c';

/** An order's or attempt's state in words and colour (the text says it; colour only helps). */
export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('adminPayments');
  return (
    <Badge
      color={COLORS[status] ?? 'gray.7'}
      variant="filled"
      radius="sm"
      styles={{ root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } }}
      data-testid="order-status"
      data-status={status}
    >
      {t(`status.${status}` as 'status.paid', { defaultValue: status })}
    </Badge>
  );
}
