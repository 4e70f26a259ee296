import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { QueryView, SectionHeader } from './catalogue-ui.tsx';
import { DataList, type Column } from './data-list.tsx';
import { EditDeleteActions, type RowArea } from './row-actions.tsx';
import { EditModal, type EditModalProps } from './edit-modal.tsx';

type QueryOf<R> = Parameters<typeof QueryView<R[]>>[0]['query'];

/**
 * A catalogue section whose rows are listed, added and edited in one modal, and deleted after a
 * question: the area's texts (`<area>.title`, `.intro`, `.add`, `.empty`, `.editTitle`) name it.
 * `above` shows before the list (a warning about the rows); a row without `canDelete` keeps its
 * Delete button away.
 */
export function EditableRows<R extends { id: number }, V extends FieldValues>({
  area,
  query,
  name,
  columns,
  above,
  canDelete = () => true,
  onDelete,
  values,
  onSave,
  ...modal
}: {
  area: Exclude<RowArea, 'discounts'>;
  query: QueryOf<R>;
  name: (row: R) => string;
  columns: Column<R>[];
  above?: (rows: R[]) => ReactNode;
  canDelete?: (row: R) => boolean;
  onDelete: (row: R) => Promise<unknown>;
  values: (row: R | null) => EditModalProps<V>['values'];
  onSave: (id: number | null, body: V) => Promise<unknown>;
} & Pick<EditModalProps<V>, 'schema' | 'size' | 'children'>) {
  const { t } = useTranslation('adminCatalogue');
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const current = editing === 'new' ? null : editing;
  const titleId = `catalogue-${area}-title`;

  return (
    <section aria-labelledby={titleId}>
      <SectionHeader id={titleId} title={t(`${area}.title`)} description={t(`${area}.intro`)}>
        <Button onClick={() => setEditing('new')}>{t(`${area}.add`)}</Button>
      </SectionHeader>
      <QueryView query={query}>
        {(list) => (
          <>
            {above?.(list)}
            <DataList
              rows={list}
              rowKey={(row) => row.id}
              rowLabel={name}
              empty={t(`${area}.empty`)}
              columns={columns}
              actions={(row) => (
                <EditDeleteActions
                  area={area}
                  name={name(row)}
                  onEdit={() => setEditing(row)}
                  onDelete={canDelete(row) ? () => onDelete(row) : undefined}
                />
              )}
            />
          </>
        )}
      </QueryView>
      <EditModal<V>
        {...modal}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={current ? t(`${area}.editTitle`, { name: name(current) }) : t(`${area}.add`)}
        values={values(current)}
        savedText={t('common.savedToast')}
        onSave={(body) => onSave(current?.id ?? null, body)}
      />
    </section>
  );
}
