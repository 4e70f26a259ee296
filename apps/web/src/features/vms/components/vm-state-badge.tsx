import { Badge, Loader } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePendingLabel } from '../pending-label.ts';
import type { VmStatus } from '@mawingu/contracts/vms';

/** Colour per state: making (blue), usable (green), attention (orange, red), gone (gray). */
const COLORS: Record<VmStatus, string> = {
  provisioning: 'blue',
  running: 'green',
  stopped: 'gray',
  expired: 'orange',
  archived: 'gray',
  failed: 'red',
  deleted: 'gray',
};

/**
 * Text colours on the light tint that pass WCAG AA (4.5:1): Mantine's shade 9 does for blue, red
 * and gray, not for green, orange and yellow.
 */
export const BADGE_TEXT: Record<string, string> = {
  green: '#1f7a35',
  orange: '#9c3b00',
  yellow: '#8a5a00',
  blue: 'blue.9',
  red: 'red.9',
  gray: 'gray.8',
};

/** Where a VM is in its life, in words; a machine that is still being made shows a spinner. */
export function VmStateBadge({ status }: { status: VmStatus }) {
  const { t } = useTranslation('vms');
  const color = COLORS[status];
  return (
    <Badge
      color={color}
      c={BADGE_TEXT[color]}
      variant="light"
      radius="sm"
      tt="none"
      size="md"
      data-state={status}
      leftSection={status === 'provisioning' ? <Loader size={10} color={BADGE_TEXT[color]} aria-hidden /> : undefined}
    >
      {t(`state.${status}`)}
    </Badge>
  );
}

/**
 * Spec section 4: a VM blocked by the admin says so (the card explains it in words beside). With
 * `open` the badge is a button that opens the unblock request dialog (a Products card).
 */
export function VmBlockedBadge({ open }: { open?: { label: string; onClick?: () => void; className?: string } }) {
  const { t } = useTranslation('vms');
  return (
    <Badge
      {...(open && {
        component: 'button' as const,
        type: 'button',
        onClick: open.onClick,
        'aria-haspopup': 'dialog' as const,
        'aria-label': open.label,
        className: open.className,
      })}
      color="red"
      c={BADGE_TEXT.red}
      variant="light"
      radius="sm"
      tt="none"
      size="md"
      data-state="blocked"
      leftSection={<IconLock size={12} aria-hidden />}
    >
      {t('state.blocked')}
    </Badge>
  );
}

/** The hypervisor action under way on a VM or a backup ("Restoring…"), with a spinner. */
export function PendingBadge({ action, testId }: { action: string; testId?: string }) {
  const pendingLabel = usePendingLabel();
  return (
    <Badge
      color="blue"
      c={BADGE_TEXT.blue}
      variant="light"
      radius="sm"
      tt="none"
      size="md"
      data-testid={testId}
      leftSection={<Loader size={10} color={BADGE_TEXT.blue} aria-hidden />}
    >
      {pendingLabel(action)}
    </Badge>
  );
}
