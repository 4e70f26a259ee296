import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type SectionFormProps = {
  title: string;
  description?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  dirty: boolean;
  saving: boolean;
  formError?: string | null;
  children: ReactNode;
  saveLabel?: string;
};

/** One settings block: heading, fields, an error the API gave for no field, and Save (enabled once something changed). */
export function SectionForm({ title, description, onSubmit, dirty, saving, formError, children, saveLabel }: SectionFormProps) {
  const { t } = useTranslation('adminCompanies');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
        <Stack gap="md">
          <SectionHeading title={title} description={description} />
          {children}
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Text size="sm" c="dimmed" aria-live="polite">
              {dirty ? t('unsaved') : ''}
            </Text>
            <Button type="submit" disabled={!dirty} loading={saving} miw={110}>
              {saveLabel ?? t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

export function SectionHeading({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div>
      <Title order={3} size="h4">
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      )}
    </div>
  );
}

/** A block without a form of its own (uploads): same frame as SectionForm. */
export function SectionPanel({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="md">
        <SectionHeading title={title} description={description} />
        {children}
      </Stack>
    </Paper>
  );
}

type ConfirmProps = {
  opened: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  color?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** "Are you sure?" before a change visitors notice at once (maintenance, removing a logo or document). */
export function ConfirmModal({ opened, title, text, confirmLabel, color = 'red', busy, onConfirm, onClose }: ConfirmProps) {
  const { t } = useTranslation('adminCompanies');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('cancel') }}>
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button color={color} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
