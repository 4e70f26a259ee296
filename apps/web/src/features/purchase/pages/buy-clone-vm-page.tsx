import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackupConfigurator } from '../vm-changes/backup-configurator.tsx';
import { ChangeLoading } from '../vm-changes/change-loading.tsx';
import { useChangeDetails } from '../vm-changes/use-change-details.ts';

/** /buyclonevm/{purchaseId}: buy a clone of a VM (duration and type required). */
export default function BuyCloneVmPage() {
  const { t } = useTranslation('vmChanges');
  const { details } = useChangeDetails('clone', useParams().purchaseId);
  if (!details) return <ChangeLoading label={t('common.loading')} />;
  return <BackupConfigurator key={details.VMProductDetail.ID} details={details} kind="Clone" />;
}
