import { ActionIcon, Tooltip } from '@mantine/core';
import { IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './companies.module.css';

type RowActionsProps = {
  /** Names the row for screen readers, e.g. "address 2". */
  label: string;
  index: number;
  onUp?: () => void;
  onRemove: () => void;
  removeDisabled?: boolean;
};

/** Move up and remove for a row of an editable list (addresses, menu items, website addresses). */
export function RowActions({ label, index, onUp, onRemove, removeDisabled }: RowActionsProps) {
  const { t } = useTranslation('adminCompanies');
  return (
    <div className={classes.rowActions}>
      {onUp && (
        <Tooltip label={t('list.moveUp', { label })}>
          <ActionIcon variant="default" size="lg" onClick={onUp} disabled={index === 0} aria-label={t('list.moveUp', { label })}>
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t('list.remove', { label })}>
        <ActionIcon
          variant="default"
          color="red"
          size="lg"
          onClick={onRemove}
          disabled={removeDisabled}
          aria-label={t('list.remove', { label })}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}

/** A list-level error (too many rows, none left): from the schema (`root` or the array itself) or the API. */
export function listError(error: unknown): string | undefined {
  const e = error as { message?: string; root?: { message?: string } } | undefined;
  return e?.root?.message ?? e?.message;
}
