import { Badge, Loader } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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

/** Where a VM is in its life, in words; a machine that is still being made shows a spinner. */
export function VmStateBadge({ status }: { status: VmStatus }) {
  const { t } = useTranslation('vms');
  const color = COLORS[status];
  return (
    <Badge
      color={color}
      // Shade 9 on the light tint: readable where Mantine's shade 6 text is not.
      c={`${color}.9`}
      variant="light"
      radius="sm"
      tt="none"
      size="md"
      data-state={status}
      leftSection={status === 'provisioning' ? <Loader size={10} color={`${color}.9`} aria-hidden /> : undefined}
    >
      {t(`state.${status}`)}
    </Badge>
  );
}

/** Spec section 4: a VM blocked by the admin says so (the card explains it in words beside). */
export function VmBlockedBadge() {
  const { t } = useTranslation('vms');
  return (
    <Badge color="red" c="red.9" variant="light" radius="sm" tt="none" size="md" data-state="blocked" leftSection={<IconLock size={12} aria-hidden />}>
      {t('state.blocked')}
    </Badge>
  );
}
