import type { ReactNode } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import classes from './purchase.module.css';

/**
 * A bill's card (new VM, renew, update): its heading and the days it is for above what the bill
 * lists — lines, totals, notes and the pay button.
 */
export function BillFrame({ titleId, title, forDays, children }: { titleId: string; title: string; forDays: string; children: ReactNode }) {
  return (
    <Card padding="lg" withBorder shadow="sm" radius="md" component="section" aria-labelledby={titleId} data-testid="bill">
      <Stack gap="md">
        <div>
          <Title order={2} id={titleId} className={classes.sectionTitle}>
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            {forDays}
          </Text>
        </div>
        {children}
      </Stack>
    </Card>
  );
}

/** The small print under a bill, a line a note; nothing when there is none. */
export function BillNotes({ notes }: { notes: string[] }) {
  if (notes.length === 0) return null;
  return (
    <Stack gap={2}>
      {notes.map((note) => (
        <Text key={note} size="xs" c="dimmed">
          {note}
        </Text>
      ))}
    </Stack>
  );
}
