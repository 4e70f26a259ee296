import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RESOLVED_STATUS } from '@mawingu/contracts/tickets';

/** Spec section 4: "Resolved" shows green, any other status red. Unknown statuses show as sent. */
export function TicketStatusBadge({ status }: { status: string }) {
  const { t, i18n } = useTranslation('tickets');
  const label = i18n.exists(`status.${status}`, { ns: 'tickets' }) ? (t as unknown as (key: string) => string)(`status.${status}`) : status;
  return (
    <Badge
      color={status === RESOLVED_STATUS ? 'green.8' : 'red.8'}
      variant="light"
      radius="sm"
      data-status={status === RESOLVED_STATUS ? 'resolved' : 'other'}
      style={{ flex: 'none' }}
    >
      {label}
    </Badge>
  );
}
