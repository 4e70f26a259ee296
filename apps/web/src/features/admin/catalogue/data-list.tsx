import type { ReactNode } from 'react';
import { Group, ScrollArea, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWide } from '../shell/use-wide.ts';
import classes from './catalogue.module.css';

export type Column<R> = { key: string; label: string; render: (row: R) => ReactNode; numeric?: boolean };

/** Rows as a table where the console is wide, as cards (label: value) on phones; actions at the end of each. */
export function DataList<R>({
  rows,
  columns,
  rowKey,
  rowLabel,
  actions,
  empty,
}: {
  rows: R[];
  columns: Column<R>[];
  rowKey: (row: R) => string | number;
  rowLabel: (row: R) => string;
  actions?: (row: R) => ReactNode;
  empty: string;
}) {
  const { t } = useTranslation('adminCatalogue');
  const wide = useWide();
  if (rows.length === 0) return <Text c="dimmed">{empty}</Text>;
  if (wide) {
    return (
      <ScrollArea type="auto">
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} className={c.numeric ? classes.numeric : undefined}>
                  {c.label}
                </Table.Th>
              ))}
              {actions && (
                <Table.Th>
                  <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.key} className={c.numeric ? classes.numeric : undefined}>
                    {c.render(row)}
                  </Table.Td>
                ))}
                {actions && (
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {actions(row)}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    );
  }
  return (
    <Stack gap="sm">
      {rows.map((row) => (
        <article key={rowKey(row)} className={classes.card} aria-label={rowLabel(row)}>
          <Stack gap={4}>
            {columns.map((c, i) =>
              i === 0 ? (
                <Text key={c.key} fw={600}>
                  {c.render(row)}
                </Text>
              ) : (
                <Text key={c.key} size="sm">
                  <Text span c="dimmed" size="sm">
                    {c.label}:
                  </Text>{' '}
                  {c.render(row)}
                </Text>
              ),
            )}
          </Stack>
          {actions && (
            <Group gap={4} mt="xs" justify="flex-end">
              {actions(row)}
            </Group>
          )}
        </article>
      ))}
    </Stack>
  );
}
