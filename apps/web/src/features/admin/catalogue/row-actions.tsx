import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../lib/toast.ts';
import { ConfirmButton } from './catalogue-ui.tsx';

/** The catalogue lists whose rows are edited in a modal and deleted after a question naming the row. */
export type RowArea = 'periods' | 'discounts' | 'regions' | 'units' | 'partners';

/**
 * A list row's Edit and Delete buttons, named after the row for screen readers ("Edit Weekly").
 * Without `onDelete` the row can only be edited (a region in use, for example).
 */
export function EditDeleteActions({
  area,
  name,
  onEdit,
  onDelete,
}: {
  area: RowArea;
  name: string;
  onEdit: () => void;
  onDelete?: () => Promise<unknown>;
}) {
  const { t } = useTranslation('adminCatalogue');
  return (
    <>
      <Button size="xs" variant="subtle" onClick={onEdit} aria-label={t(`${area}.editNamed`, { name })}>
        {t('common.edit')}
      </Button>
      {onDelete && (
        <ConfirmButton
          label={t('common.delete')}
          ariaLabel={t(`${area}.deleteNamed`, { name })}
          title={t(`${area}.deleteTitle`)}
          question={t(`${area}.deleteQuestion`, { name })}
          onConfirm={async () => {
            await onDelete();
            showSuccessToast(t('common.deletedToast'));
          }}
        />
      )}
    </>
  );
}
