import { FormActions } from '../shell/form-actions.tsx';
import { EditDeleteButtons } from './edit-delete-buttons.tsx';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ActionIcon, Button, Card, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconHelpCircle, IconPlus } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { faqInput, type AdminFaqEntry, type FaqInput } from '@mawingu/contracts/admin/content';
import { FAQ_TABS, type FaqTab as FaqTabName } from '@mawingu/contracts/faq';
import '../../../components/segmented-control-styles.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { QueryState } from '../shell/query-state.tsx';
import { placeApiErrors } from './api-errors.ts';
import { useDeleteFaq, useFaqList, useReorderFaq, useSaveFaq } from './content-api.ts';
import { DeleteConfirm, TabHeader } from './tab-parts.tsx';
import classes from './content.module.css';

type FaqValues = { tab: FaqTabName; question: string; answer: string };

/** Moves one id a place up (-1) or down (+1) in a list of ids. */
export function moved(ids: number[], id: number, step: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

function FaqEditor({
  companyId,
  entry,
  tab,
  opened,
  onClose,
}: {
  companyId: number;
  entry: AdminFaqEntry | null;
  tab: FaqTabName;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminContent');
  const save = useSaveFaq(companyId);
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(faqInput as never) as unknown as Resolver<FaqValues>, []);
  const form = useForm<FaqValues>({ resolver, defaultValues: { tab, question: '', answer: '' } });
  const { errors } = form.formState;

  useEffect(() => {
    if (!opened) return;
    form.reset(entry ? { tab: entry.tab, question: entry.question, answer: entry.answer } : { tab, question: '', answer: '' });
    setFormError(null);
    // Reset when the editor opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, entry]);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync({ id: entry?.id ?? null, input: values satisfies FaqInput });
      showSuccessToast(entry ? t('faq.saved') : t('faq.added'));
      onClose();
    } catch (err) {
      setFormError(placeApiErrors(err, form));
      showErrorToast(err instanceof Error ? err.message : t('common.failed'));
    }
  });

  const title = entry ? t('faq.editTitle') : t('faq.newTitle');
  return (
    <Modal
      opened={opened}
      onClose={() => !save.isPending && onClose()}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
        <Stack gap="md">
          <Controller
            control={form.control}
            name="tab"
            render={({ field }) => (
              <Select
                label={t('faq.tab')}
                description={entry ? t('faq.tabMoveHint') : undefined}
                data={FAQ_TABS.map((name) => ({ value: name, label: t(`faq.tabs.${name}`) }))}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                allowDeselect={false}
                error={errors.tab?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <TextInput
            label={t('faq.question')}
            required
            maxLength={500}
            data-autofocus
            error={errors.question?.message}
            {...form.register('question')}
          />
          <Textarea
            label={t('faq.answer')}
            description={t('faq.answerHint')}
            required
            autosize
            minRows={4}
            maxRows={12}
            maxLength={5000}
            error={errors.answer?.message}
            {...form.register('answer')}
          />
          <FormActions
            error={formError}
            cancelLabel={t('common.cancel')}
            onCancel={onClose}
            submitLabel={entry ? t('faq.save') : t('faq.add')}
            pending={save.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}

function FaqRow({
  entry,
  position,
  count,
  busy,
  onMove,
  onEdit,
  onDelete,
}: {
  entry: AdminFaqEntry;
  position: number;
  count: number;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('adminContent');
  const questionId = useId();
  return (
    <Card withBorder radius="md" padding="sm" data-testid="admin-faq-row" aria-labelledby={questionId} component="article">
      <div className={classes.faqRow}>
        <Text size="sm" c="gray.7" fw={600} className={classes.position} aria-hidden>
          {position}
        </Text>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} id={questionId} style={{ overflowWrap: 'anywhere' }}>
            {entry.question}
          </Text>
          <Text size="sm" c="gray.7" lineClamp={3} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {entry.answer}
          </Text>
        </Stack>
        <Group gap={6} wrap="nowrap" className={classes.rowActions}>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => onMove(-1)}
            disabled={busy || position === 1}
            aria-label={t('faq.moveUp')}
            aria-describedby={questionId}
            data-move={`${entry.id}:up`}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => onMove(1)}
            disabled={busy || position === count}
            aria-label={t('faq.moveDown')}
            aria-describedby={questionId}
            data-move={`${entry.id}:down`}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <EditDeleteButtons describedBy={questionId} onEdit={onEdit} onDelete={onDelete} />
        </Group>
      </div>
    </Card>
  );
}

/** FAQ entries per tab (General, Products, Profile, Contact), in the site's order, which the arrows change. */
export function FaqTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation('adminContent');
  const query = useFaqList(companyId);
  const reorder = useReorderFaq(companyId);
  const remove = useDeleteFaq(companyId);
  const [tab, setTab] = useState<FaqTabName>('General');
  // Four tabs with their counts do not fit beside each other on a phone.
  const phone = useMediaQuery('(max-width: 36em)');
  const [editing, setEditing] = useState<{ entry: AdminFaqEntry | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminFaqEntry | null>(null);
  // After a move, the focus goes back to the arrow that was pressed (the row moved in the page).
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    if (!refocus.current || reorder.isPending) return;
    const button = document.querySelector<HTMLButtonElement>(`[data-move="${refocus.current}"]`);
    (button && !button.disabled
      ? button
      : document.querySelector<HTMLButtonElement>(`[data-move^="${refocus.current.split(':')[0]}:"]:not([disabled])`)
    )?.focus();
    refocus.current = null;
  });

  async function move(entries: AdminFaqEntry[], entry: AdminFaqEntry, step: -1 | 1) {
    refocus.current = `${entry.id}:${step < 0 ? 'up' : 'down'}`;
    try {
      await reorder.mutateAsync({
        tab,
        ids: moved(
          entries.map((e) => e.id),
          entry.id,
          step,
        ),
      });
    } catch (err) {
      showErrorToast(err instanceof Error ? err.message : t('common.failed'));
    }
  }

  const counts = (entries: AdminFaqEntry[]) =>
    Object.fromEntries(FAQ_TABS.map((name) => [name, entries.filter((e) => e.tab === name).length]));
  return (
    <Stack gap="md">
      <TabHeader title={t('faq.heading')} intro={t('faq.intro')}>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ entry: null })}>
          {t('faq.new')}
        </Button>
      </TabHeader>
      <QueryState area="adminContent" query={query} height={80}>
        {(all) => {
          const entries = all.filter((e) => e.tab === tab);
          const perTab = counts(all);
          return (
            <Stack gap="md">
              <SegmentedControl
                aria-label={t('faq.tab')}
                orientation={phone ? 'vertical' : 'horizontal'}
                value={tab}
                onChange={(value) => setTab(value as FaqTabName)}
                data={FAQ_TABS.map((name) => ({ value: name, label: `${t(`faq.tabs.${name}`)} (${perTab[name]})` }))}
                fullWidth
                style={{ maxWidth: 640 }}
              />
              {entries.length === 0 ? (
                <EmptyState icon={IconHelpCircle} title={t('faq.empty', { tab: t(`faq.tabs.${tab}`) })} text={t('faq.emptyText')} />
              ) : (
                <Stack gap="sm" component="ol" className={classes.plainList} aria-label={t('faq.listLabel', { tab: t(`faq.tabs.${tab}`) })}>
                  {entries.map((entry, i) => (
                    <li key={entry.id}>
                      <FaqRow
                        entry={entry}
                        position={i + 1}
                        count={entries.length}
                        busy={reorder.isPending}
                        onMove={(step) => void move(entries, entry, step)}
                        onEdit={() => setEditing({ entry })}
                        onDelete={() => setDeleting(entry)}
                      />
                    </li>
                  ))}
                </Stack>
              )}
            </Stack>
          );
        }}
      </QueryState>
      <FaqEditor
        companyId={companyId}
        entry={editing?.entry ?? null}
        tab={tab}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <DeleteConfirm
        entry={deleting}
        title={t('faq.deleteTitle')}
        text={t('faq.deleteText', { question: deleting?.question ?? '' })}
        deletedText={t('faq.deleted')}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
