import type { ReactNode } from 'react';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import classes from '../components/purchase.module.css';

export type SummaryItem = { label: string; value: ReactNode };

/** A card of label/value pairs: the VM's current configuration. */
export function VmSummary({ title, items, id }: { title: string; items: SummaryItem[]; id: string }) {
  return (
    <Card padding="lg" withBorder radius="md" component="section" aria-labelledby={id}>
      <Title order={2} id={id} className={classes.sectionTitle} mb="md">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="md" component="dl" m={0}>
        {items.map((item) => (
          <div key={item.label}>
            <Text component="dt" size="xs" c="dimmed">
              {item.label}
            </Text>
            <Text component="dd" size="sm" fw={600} m={0}>
              {item.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
