import { Table } from '@mantine/core';

/** A console table's header row: one plain column heading a label. */
export function TableHead({ labels }: { labels: string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {labels.map((label, i) => (
          <Table.Th key={i}>{label}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
