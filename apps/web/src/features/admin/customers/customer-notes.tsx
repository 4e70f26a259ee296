import { useState, type FormEvent } from 'react';
import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { QueryState } from '../shell/query-state.tsx';
import { useAddCustomerNote, useCustomerNotes } from './customers-manage-api.ts';

/** Internal notes on a customer (every operator): newest first, with who wrote it and when. The customer never sees them. */
export function CustomerNotes({ companyId, customerId }: { companyId: number; customerId: number }) {
  const { t, i18n } = useTranslation('adminCustomers');
  const who = { companyId, customerId };
  const notes = useCustomerNotes(who);
  const add = useAddCustomerNote(who);
  const [note, setNote] = useState('');
  const error = add.error instanceof ApiError ? (add.error.fieldErrors?.note ?? add.error.message) : add.error?.message;

  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate(note, { onSuccess: () => setNote('') });
  }

  return (
    <Card withBorder radius="md" padding="lg" maw={720}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5">
            {t('manage.notesTitle')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('manage.notesHint')}
          </Text>
        </div>
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Textarea
              label={t('manage.newNote')}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              error={error}
              rows={3}
              maxLength={2000}
            />
            <Group justify="flex-end">
              <Button type="submit" variant="default" leftSection={<IconNote size={16} aria-hidden />} loading={add.isPending}>
                {t('manage.addNote')}
              </Button>
            </Group>
          </Stack>
        </form>
        <QueryState area="adminCustomers" query={notes}>
          {({ items }) =>
            items.length === 0 ? (
              <Text size="sm" c="gray.7">
                {t('manage.noNotes')}
              </Text>
            ) : (
              <Stack gap="sm" component="ol" aria-label={t('manage.notesTitle')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {items.map((n) => (
                  <li key={n.id} style={{ borderTop: '1px solid var(--mantine-color-gray-3)', paddingTop: 'var(--mantine-spacing-xs)' }}>
                    <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {n.writtenBy} · {formatDate(n.createdAt, i18n.language, { withTime: true })}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {n.note}
                    </Text>
                  </li>
                ))}
              </Stack>
            )
          }
        </QueryState>
      </Stack>
    </Card>
  );
}
