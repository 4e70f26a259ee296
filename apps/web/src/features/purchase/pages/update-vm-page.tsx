import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChangeLoading } from '../vm-changes/change-loading.tsx';
import { UpdateConfigurator } from '../vm-changes/update-configurator.tsx';
import { useChangeDetails } from '../vm-changes/use-change-details.ts';

/** /updatevm/{id}: update a VM's RAM, CPU and disk, or add a disk (purchasing spec "Update page"). */
export default function UpdateVmPage() {
  const { t } = useTranslation('vmChanges');
  const { details } = useChangeDetails('update', useParams().id);
  if (!details) return <ChangeLoading label={t('common.loading')} />;
  return <UpdateConfigurator key={details.VMProductDetail.ID} details={details} />;
}
