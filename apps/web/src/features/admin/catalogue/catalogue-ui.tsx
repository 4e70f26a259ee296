import { useState, type ReactNode } from 'react';
import { Alert, Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { catalogueMessages, type CatalogueMessageKey } from '@mawingu/contracts/admin/catalogue';
import { fill } from '@mawingu/contracts/messages';
import { resolveParticles } from '@mawingu/contracts/korean-particles';
import { textMatcher } from '../../../lib/text-matcher.ts';
import { showErrorToast } from '../../../lib/toast.ts';
import { ApiError } from '../../../api/api-error.ts';
import { ConfirmModal } from '../shell/confirm-modal.tsx';
import { QueryState, type QueryStateProps } from '../shell/query-state.tsx';
import { useUploadImage } from './catalogue-api.ts';

const matchCatalogueText = textMatcher<CatalogueMessageKey>(catalogueMessages);

/**
 * The API's and the contract's texts in the console's language, also those with values filled in
 * ("This region offers PayFast, which does not take KES…"); an unknown text is shown as it came.
 */
export function useCatalogueText() {
  const { t, i18n } = useTranslation('adminCatalogue');
  return (message: string | undefined): string | undefined => {
    const found = message ? matchCatalogueText(message) : null;
    if (!found) return message;
    const text = fill(t(`messages.${found.key}`), found.values);
    return i18n.resolvedLanguage === 'ko' ? resolveParticles(text) : text;
  };
}

/**
 * Puts an API refusal on the form: each `data.fieldErrors` entry under its field ("specs.1.costPerUnit"
 * is the form's own name). Returns the text for an alert when no field took it.
 */
export function placeApiErrors<V extends FieldValues>(
  err: unknown,
  form: UseFormReturn<V>,
  known: (field: string) => boolean = () => true,
): string | null {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  let placed = false;
  for (const [field, message] of Object.entries(err.fieldErrors ?? {})) {
    if (!known(field)) continue;
    form.setError(field as Path<V>, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed ? null : err.message;
}

/** The console's query states with the catalogue's texts, its refusals in the operator's language. */
export function QueryView<T>(props: Omit<QueryStateProps<T>, 'area' | 'height' | 'describe'>) {
  const text = useCatalogueText();
  return <QueryState area="adminCatalogue" height={44} describe={text} {...props} />;
}

/** A delete (or other destructive) button that asks first; the question names what goes. */
export function ConfirmButton({
  label,
  title,
  question,
  confirmLabel,
  onConfirm,
  size = 'xs',
  ariaLabel,
}: {
  label: ReactNode;
  title: string;
  question: string;
  confirmLabel?: string;
  onConfirm: () => Promise<unknown>;
  size?: 'xs' | 'sm';
  ariaLabel?: string;
}) {
  const { t } = useTranslation('adminCatalogue');
  const text = useCatalogueText();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (err) {
      const message = err instanceof Error ? (text(err.message) ?? err.message) : String(err);
      setError(message);
      showErrorToast(message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button size={size} variant="subtle" color="red" onClick={() => setOpen(true)} aria-label={ariaLabel}>
        {label}
      </Button>
      <ConfirmModal
        opened={open}
        title={title}
        text={question}
        confirmLabel={confirmLabel ?? t('common.delete')}
        color="red"
        pending={busy}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
      </ConfirmModal>
    </>
  );
}

/** An image address with an upload button beside it (the upload fills the address in). */
export function ImageField({
  companyId,
  label,
  value,
  onChange,
  error,
}: {
  companyId: number;
  label: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('adminCatalogue');
  const text = useCatalogueText();
  const upload = useUploadImage(companyId);
  const [uploadError, setUploadError] = useState<string | null>(null);
  async function send(file: File | null) {
    if (!file) return;
    setUploadError(null);
    try {
      const { path } = await upload.mutateAsync(file);
      onChange(path);
    } catch (err) {
      const fieldError = err instanceof ApiError ? err.fieldErrors?.image : undefined;
      setUploadError(text(fieldError ?? (err instanceof Error ? err.message : String(err))) ?? null);
    }
  }
  return (
    <TextInput
      label={label}
      description={t('common.imageHelp')}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={text(error) ?? uploadError ?? undefined}
      inputContainer={(input) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
          <FileButton onChange={(file) => void send(file)} accept="image/png,image/jpeg,image/gif,image/webp">
            {(props) => (
              <Button {...props} variant="default" loading={upload.isPending}>
                {t('common.upload')}
              </Button>
            )}
          </FileButton>
        </Group>
      )}
    />
  );
}

/** An ImageField as one of a form's fields (its error is the field's). */
export function FormImageField<V extends FieldValues>({
  form,
  name,
  companyId,
  label,
}: {
  form: UseFormReturn<V>;
  name: Path<V>;
  companyId: number;
  label: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <ImageField companyId={companyId} label={label} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
      )}
    />
  );
}

/** A row's place in its list, a whole number (the lists sort by it). */
export function SortOrderField<V extends FieldValues & { sortOrder?: number }>({ form, maw }: { form: UseFormReturn<V>; maw?: number }) {
  const { t } = useTranslation('adminCatalogue');
  const text = useCatalogueText();
  return (
    <TextInput
      {...form.register('sortOrder' as Path<V>, { valueAsNumber: true })}
      type="number"
      inputMode="numeric"
      label={t('common.sortOrder')}
      error={text(form.formState.errors.sortOrder?.message as string | undefined)}
      maw={maw}
    />
  );
}

/** A form on the page itself (not in a modal): its fields above one Save button. */
export function SaveForm({
  onSubmit,
  pending,
  children,
}: {
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => Promise<void>;
  pending: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('adminCatalogue');
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm">
        {children}
        <Group>
          <Button type="submit" loading={pending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A page section's heading with its action buttons. */
export function SectionHeader({
  id,
  title,
  description,
  children,
}: {
  id?: string;
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="md">
      <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Text component="h2" fw={700} size="lg" id={id}>
          {title}
        </Text>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {children && <Group gap="xs">{children}</Group>}
    </Group>
  );
}
