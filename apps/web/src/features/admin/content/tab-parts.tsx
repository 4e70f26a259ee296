import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { ConfirmModal } from '../shell/confirm-modal.tsx';

/** A content tab's heading and the line under it (`live`: the line changes as the data comes). */
export function TabHeading({ id, title, intro, live }: { id?: string; title: string; intro: string; live?: boolean }) {
  return (
    <div>
      <Title order={3} fz="lg" id={id}>
        {title}
      </Title>
      <Text size="sm" c="gray.7" aria-live={live ? 'polite' : undefined}>
        {intro}
      </Text>
    </div>
  );
}

/** The heading with the tab's action (New, Export) at its end, below it where the row is narrow. */
export function TabHeader({ children, ...heading }: Parameters<typeof TabHeading>[0] & { children: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <TabHeading {...heading} />
      {children}
    </Group>
  );
}

/**
 * The question before an entry is deleted (an FAQ entry, a news item): on yes the entry goes, a
 * toast says so and the question closes; a failure keeps it open with the API's message in a toast.
 */
export function DeleteConfirm<T extends { id: number }>({
  entry,
  title,
  text,
  deletedText,
  remove,
  onClose,
}: {
  entry: T | null;
  title: string;
  text: string;
  deletedText: string;
  remove: { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean };
  onClose: () => void;
}) {
  const { t } = useTranslation('adminContent');
  async function confirm() {
    if (!entry) return;
    try {
      await remove.mutateAsync(entry.id);
      showSuccessToast(deletedText);
      onClose();
    } catch (err) {
      showErrorToast(err instanceof Error ? err.message : t('common.failed'));
    }
  }
  return (
    <ConfirmModal
      opened={entry !== null}
      title={title}
      text={text}
      confirmLabel={t('common.delete')}
      color="red"
      pending={remove.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
