import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Text colours darker than Mantine's shade 9 where that one is below 4.5:1 on its own light tint
 * (green and orange): small badge text must pass WCAG AA.
 */
const LOOK = {
  Open: { key: 'open', color: 'red', text: 'red.9' },
  'In Progress': { key: 'inProgress', color: 'orange', text: '#9a3b0a' },
  Resolved: { key: 'resolved', color: 'green', text: '#1b6b2e' },
  Closed: { key: 'closed', color: 'gray', text: 'gray.9' },
} as const;

/**
 * A ticket's status for operators: Resolved green as the customer sees it, Open red, In Progress
 * orange, Closed grey (the customer sees every status but Resolved in red). Unknown statuses show
 * as they came.
 */
export function TicketStatusBadge({ status, size = 'md' }: { status: string; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation('adminTickets');
  const look = LOOK[status as keyof typeof LOOK];
  return (
    <Badge
      color={look?.color ?? 'gray'}
      c={look?.text ?? 'gray.9'}
      variant="light"
      radius="sm"
      tt="none"
      size={size}
      data-status={status}
      style={{ flex: 'none' }}
    >
      {look ? t(`status.${look.key}`) : status}
    </Badge>
  );
}
