import { useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { placeApiErrors, useCatalogueText } from './catalogue-ui.tsx';

export type EditModalProps<V extends FieldValues> = {
  opened: boolean;
  onClose: () => void;
  title: string;
  schema: z.ZodType;
  values: DefaultValues<V>;
  onSave: (values: V) => Promise<unknown>;
  savedText: string;
  size?: string;
  children: (form: UseFormReturn<V>, error: (message: string | undefined) => string | undefined) => ReactNode;
};

/**
 * A modal form for one catalogue row: checked with the contract's schema, saved through `onSave`,
 * the API's field errors under the fields and anything else in an alert.
 */
export function EditModal<V extends FieldValues>({
  opened,
  onClose,
  title,
  schema,
  values,
  onSave,
  savedText,
  size = 'md',
  children,
}: EditModalProps<V>) {
  const { t } = useTranslation('adminCatalogue');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      {opened && (
        <ModalForm schema={schema} values={values} onSave={onSave} onClose={onClose} savedText={savedText}>
          {children}
        </ModalForm>
      )}
    </Modal>
  );
}

function ModalForm<V extends FieldValues>({
  schema,
  values,
  onSave,
  onClose,
  savedText,
  children,
}: Omit<EditModalProps<V>, 'opened' | 'title' | 'size'>) {
  const { t } = useTranslation('adminCatalogue');
  const text = useCatalogueText();
  const form = useForm<V>({ resolver: zodResolver(schema as never) as never, defaultValues: values });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = form.handleSubmit(async (checked) => {
    setFormError(null);
    setBusy(true);
    try {
      await onSave(checked);
      showSuccessToast(savedText);
      onClose();
    } catch (err) {
      const unplaced = placeApiErrors(err, form);
      setFormError(text(unplaced ?? undefined) ?? null);
      showErrorToast(text(err instanceof Error ? err.message : String(err)) ?? '');
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {children(form, text)}
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
