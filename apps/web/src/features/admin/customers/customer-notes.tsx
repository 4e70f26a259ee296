import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date.ts';
import { ApiError } from '../../../api/api-error.ts';
import { QueryState } from '../shell/query-state.tsx';
import { useAddCustomerNote, useCustomerNotes } from './customer-care-api.ts';

/** Operators' internal notes on a customer: a form to add one, then the notes newest first. Never shown to the customer. */
export function CustomerNotes({ companyId, customerId }: { companyId: number; customerId: number }) {
  const { t, i18n } = useTranslation('adminCustomers');
  const query = useCustomerNotes(companyId, customerId);
  const add = useAddCustomerNote(companyId, customerId);
  const [body, setBody] = useState('');
  const error = add.error instanceof ApiError ? (add.error.fieldErrors?.body ?? add.error.message) : add.error?.message;

  return (
    <Stack gap="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(body, { onSuccess: () => setBody('') });
        }}
        noValidate
      >
        <Stack gap="xs">
          <Textarea
            label={t('notes.add')}
            description={t('notes.hint')}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            error={error}
            maxLength={2000}
            rows={3}
          />
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconNote size={16} aria-hidden />} loading={add.isPending}>
              {t('notes.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <QueryState area="adminCustomers" query={query}>
        {({ notes }) =>
          notes.length === 0 ? (
            <Text size="sm" c="gray.7">
              {t('notes.none')}
            </Text>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('notes.listLabel')}>
              {notes.map((note) => (
                <Card key={note.id} component="li" withBorder padding="sm" radius="md">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {note.body}
                  </Text>
                  <Text size="xs" c="gray.7" mt={6}>
                    {t('notes.by', { name: note.authorName, date: formatDate(note.createdAt, i18n.language, { withTime: true }) })}
                  </Text>
                </Card>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
