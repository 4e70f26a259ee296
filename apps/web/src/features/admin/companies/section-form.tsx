import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
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
