import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RESOLVED_STATUS } from '@mawingu/contracts/tickets';

/** Spec section 4: "Resolved" shows green, any other status red. Unknown statuses show as sent. */
export function TicketStatusBadge({ status }: { status: string }) {
  const { t, i18n } = useTranslation('tickets');
  const resolved = status === RESOLVED_STATUS;
  const label = i18n.exists(`status.${status}`, { ns: 'tickets' }) ? (t as unknown as (key: string) => string)(`status.${status}`) : status;
  return (
    <Badge
      color={resolved ? 'green' : 'red'}
      // Shade 9 on the light tint: readable (WCAG AA) where Mantine's shade 6 text is not.
      c={resolved ? 'green.9' : 'red.9'}
      variant="light"
      radius="sm"
      tt="none"
      size="md"
      data-status={resolved ? 'resolved' : 'other'}
      style={{ flex: 'none' }}
    >
      {label}
    </Badge>
  );
}
