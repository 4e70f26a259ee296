import { useState } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { VmChangeDetails } from '@mawingu/contracts/vm-changes';
import { useSaveVMForLater } from '../../../api/saved/save-vm-for-later.ts';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { ShareDialog } from '../components/share-dialog.tsx';
import type { Sizes } from '../configurator.ts';

/** Save-for-later and share icons of a change page: saved as the product with the sizes shown. */
export function ChangeActions({
  details,
  sizes,
  total,
  saveable = true,
}: {
  details: VmChangeDetails;
  sizes: Sizes;
  total: string | null;
  saveable?: boolean;
}) {
  const { t } = useTranslation('vmChanges');
  const specText = useSpecTextIn('purchase');
  const save = useSaveVMForLater();
  const [saved, setSaved] = useState(false);
  const [sharing, setSharing] = useState(false);
  const product = details.VMProductDetail;

  const saveForLater = async () => {
    const reply = await save.mutateAsync({
      productID: product.parentVMId,
      processorCount: sizes.processor,
      processorUnit: 'cores',
      memoryCount: sizes.memory,
      memoryUnit: product.ram_Unit,
      driveCount: sizes.disk,
      driveUnit: product.disk_Unit,
      region: product.countryID ?? 0,
      ...(total && { totalAmount: total }),
      timePeriod: product.validity,
    });
    if (reply.status === 200) {
      setSaved(true);
      showSuccessToast(specText(reply.message));
    } else {
      showErrorToast(specText(reply.message));
    }
  };
  const SaveIcon = saved ? IconBookmarkFilled : IconBookmark;
  return (
    <>
      {saveable && (
        <Tooltip label={saved ? t('common.saved') : t('common.save')} withArrow>
          <ActionIcon
            variant="default"
            size="lg"
            radius="xl"
            aria-label={t('common.save')}
            aria-pressed={saved}
            onClick={() => void saveForLater()}
            loading={save.isPending}
          >
            <SaveIcon size={18} stroke={1.8} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t('common.share')} withArrow>
        <ActionIcon variant="default" size="lg" radius="xl" aria-label={t('common.share')} onClick={() => setSharing(true)}>
          <IconShare size={18} stroke={1.8} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <ShareDialog opened={sharing} onClose={() => setSharing(false)} url={window.location.href} title={product.productName} />
    </>
  );
}
