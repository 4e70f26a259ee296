import { Button } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A content card's Edit and Delete buttons; `describedBy` is the card's title, so a reader hears which. */
export function EditDeleteButtons({ describedBy, onEdit, onDelete }: { describedBy: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('adminContent');
  return (
    <>
      <Button size="xs" variant="default" leftSection={<IconEdit size={14} aria-hidden />} onClick={onEdit} aria-describedby={describedBy}>
        {t('common.edit')}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={onDelete}
        aria-describedby={describedBy}
      >
        {t('common.delete')}
      </Button>
    </>
  );
}
