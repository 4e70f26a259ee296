import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const KNOWN = [
  'starting',
  'stopping',
  'deleting',
  'resizing',
  'restoring',
  'archiving',
  'cloning',
  'snapshotting',
  'assigning-ip',
] as const;
type Known = (typeof KNOWN)[number];
const isKnown = (value: string): value is Known => (KNOWN as readonly string[]).includes(value);

/** "deleting" → "Deleting…": the hypervisor action under way on a VM or backup, in words. */
export function usePendingLabel(): (pendingAction: string) => string {
  const { t } = useTranslation('vms');
  return useCallback((pendingAction: string) => (isKnown(pendingAction) ? t(`pending.${pendingAction}`) : t('pending.other')), [t]);
}
