import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Card, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconMessagePlus, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CANNED_TITLE_MAX, type CannedReply } from '@mawingu/contracts/admin/tickets';
import { TICKET_DESCRIPTION_MAX } from '@mawingu/contracts/tickets';
import { ApiError } from '../../../api/api-error.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { ConfirmModal } from '../shell/confirm-modal.tsx';
import { QueryState } from '../shell/query-state.tsx';
import { useCanManageTickets } from './can-manage.ts';
import { useCannedReplies, useCannedReplyChanges } from './tickets-api.ts';
import classes from './tickets.module.css';

type Draft = { id?: number; title: string; body: string };

function ReplyEditor({ companyId, draft, onDone }: { companyId: number; draft: Draft; onDone: () => void }) {
  const { t } = useTranslation('adminTickets');
  const { save } = useCannedReplyChanges(companyId);
  const [title, setTitle] = useState(draft.title);
  const [body, setBody] = useState(draft.body);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: draft.id, title, body },
      {
        onSuccess: () => {
          showSuccessToast(t('saved.saved'));
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
          else showErrorToast(error instanceof Error ? error.message : t('common.failed'));
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('saved.name')}
          required
          maxLength={CANNED_TITLE_MAX}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errors.title}
        />
        <Textarea
          label={t('saved.text')}
          required
          rows={5}
          maxLength={TICKET_DESCRIPTION_MAX}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          error={errors.body}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('saved.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('saved.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The company's saved replies: listed for every operator, kept by owners and admins (issue 17, point 4). */
export function SavedRepliesButton({ companyId }: { companyId: number }) {
  const { t } = useTranslation('adminTickets');
  const canManage = useCanManageTickets();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<CannedReply | null>(null);
  const replies = useCannedReplies(companyId);
  const { remove } = useCannedReplyChanges(companyId);

  return (
    <>
      <Button variant="default" leftSection={<IconMessagePlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t('queue.savedReplies')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('saved.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('saved.close') }}
      >
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {canManage ? t('saved.intro') : t('saved.readOnly')}
          </Text>
          {draft ? (
            <ReplyEditor companyId={companyId} draft={draft} onDone={() => setDraft(null)} />
          ) : (
            canManage && (
              <Group>
                <Button onClick={() => setDraft({ title: '', body: '' })}>{t('saved.add')}</Button>
              </Group>
            )
          )}
          <QueryState area="adminTickets" query={replies} rows={2} height={60}>
            {(list) =>
              list.length === 0 ? (
                <Text size="sm" c="gray.7">
                  {t('saved.empty')}
                </Text>
              ) : (
                <ul className={classes.savedList} aria-label={t('saved.title')}>
                  {list.map((reply) => (
                    <li key={reply.id}>
                      <Card withBorder padding="sm">
                        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                          <div style={{ minWidth: 0 }}>
                            <Text fw={600} size="sm">
                              {reply.title}
                            </Text>
                            <Text size="sm" c="gray.7" className={classes.excerpt}>
                              {reply.body}
                            </Text>
                          </div>
                          {canManage && (
                            <Group gap={4} wrap="nowrap">
                              <ActionIcon
                                variant="subtle"
                                aria-label={t('saved.edit', { name: reply.title })}
                                onClick={() => setDraft(reply)}
                              >
                                <IconPencil size={16} aria-hidden />
                              </ActionIcon>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t('saved.delete', { name: reply.title })}
                                onClick={() => setDeleting(reply)}
                              >
                                <IconTrash size={16} aria-hidden />
                              </ActionIcon>
                            </Group>
                          )}
                        </Group>
                      </Card>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryState>
        </Stack>
      </Modal>
      <ConfirmModal
        opened={deleting !== null}
        title={t('saved.deleteTitle')}
        text={t('saved.deleteText', { name: deleting?.title ?? '' })}
        confirmLabel={t('saved.delete', { name: deleting?.title ?? '' })}
        color="red"
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          remove.mutate(deleting!.id, {
            onSuccess: () => {
              showSuccessToast(t('saved.deleted'));
              setDeleting(null);
            },
            onError: (error) => showErrorToast(error instanceof Error ? error.message : t('common.failed')),
          })
        }
      />
    </>
  );
}
