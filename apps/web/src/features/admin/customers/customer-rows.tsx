import type { ReactNode } from 'react';
import { Card, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '@mantine/core/styles/Table.css';
import { FactList } from '../shell/fact-list.tsx';
import { useWide } from '../shell/use-wide.ts';
import ui from '../shell/console.module.css';

export type Column<T> = { label: string; cell: (row: T) => ReactNode; numeric?: boolean };

/** A table on wide screens, cards of label–value pairs on phones. */
export function Rows<T extends { id: number }>({
  rows,
  columns,
  label,
  title,
}: {
  rows: T[];
  columns: Column<T>[];
  label: string;
  title: (row: T) => ReactNode;
}) {
  const wide = useWide();
  if (wide) {
    return (
      <ScrollArea type="auto">
        <Table fz="sm" verticalSpacing="sm" horizontalSpacing="sm" striped aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.label} ta={c.numeric ? 'right' : undefined}>
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                {columns.map((c) => (
                  <Table.Td key={c.label} ta={c.numeric ? 'right' : undefined} className={c.numeric ? ui.numeric : undefined}>
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    );
  }
  return (
    <ul className={ui.cards} aria-label={label}>
      {rows.map((row) => (
        <li key={row.id}>
          <Card withBorder radius="md" padding="md">
            <Stack gap="xs">
              <Text fw={600}>{title(row)}</Text>
              <FactList facts={columns.slice(1).map((c) => [c.label, c.cell(row)])} />
            </Stack>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function Newest({ shown, total }: { shown: number; total: number }) {
  const { t } = useTranslation('adminCustomers');
  if (total <= shown) return null;
  return (
    <Text size="sm" c="gray.7" mt="xs">
      {t('common.showingNewest', { shown, total })}
    </Text>
  );
}

export function Empty({ text }: { text: string }) {
  return (
    <Text c="gray.7" size="sm" py="md">
      {text}
    </Text>
  );
}
