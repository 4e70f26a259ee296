import { Alert, Button, Group } from '@mantine/core';

/**
 * The foot of a console form: the refusal no field took (as an alert), then Cancel and the submit
 * button. Labels come from the caller's own texts, so each area keeps its namespace.
 */
export function FormActions({
  error,
  cancelLabel,
  onCancel,
  submitLabel,
  pending,
  submitDisabled,
}: {
  error: string | null;
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  submitDisabled?: boolean;
}) {
  return (
    <>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button type="submit" loading={pending} disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
