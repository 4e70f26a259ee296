import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import type { ApiError } from '../../../api/api-error.ts';

/**
 * An order's form in a modal (a credit note, a reconciliation): the intro, the fields, the API's
 * refusal in an alert when no field took it, and Cancel beside the confirming button.
 */
export function FormDialog({
  title,
  intro,
  cancelLabel,
  confirmLabel,
  confirmColor,
  confirmDisabled,
  error,
  pending,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  intro: string;
  cancelLabel: string;
  confirmLabel: string;
  confirmColor?: ButtonProps['color'];
  confirmDisabled?: boolean;
  error: ApiError | null;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} size="lg" yOffset="3dvh" closeButtonProps={{ 'aria-label': cancelLabel }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">{intro}</Text>
          {children}
          {error && !Object.keys(error.fieldErrors ?? {}).length && (
            <Alert color="red" variant="light" role="alert">
              {error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {cancelLabel}
            </Button>
            <Button type="submit" color={confirmColor} loading={pending} disabled={confirmDisabled}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
