import { useId, useState, type DragEvent } from 'react';
import { ActionIcon, Input, Stack, Text } from '@mantine/core';
import { IconFile, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TICKET_ATTACHMENT_MAX_BYTES, TICKET_MAX_ATTACHMENTS } from '@mawingu/contracts/tickets';
import { useFileSize } from '../../../lib/file-size.ts';
import classes from './tickets.module.css';

type AttachmentPickerProps = {
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** Why a file was refused, or the server's message for the field. */
  error?: string;
  onError: (message: string | undefined) => void;
  disabled?: boolean;
};

/**
 * Drop area and file list of the raise-ticket form. Files are checked as they are chosen: a file
 * over 20 MB is refused with "{file name} is more than 20 MB", and files beyond the fourth are
 * refused with the limit's message; the ones already chosen stay.
 */
export function AttachmentPicker({ files, onChange, error, onError, disabled = false }: AttachmentPickerProps) {
  const { t } = useTranslation('tickets');
  const fileSize = useFileSize();
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  const add = (chosen: File[]) => {
    if (disabled || chosen.length === 0) return;
    const tooLarge = chosen.find((f) => f.size > TICKET_ATTACHMENT_MAX_BYTES);
    const fitting = chosen.filter((f) => f.size <= TICKET_ATTACHMENT_MAX_BYTES);
    const room = TICKET_MAX_ATTACHMENTS - files.length;
    const accepted = fitting.slice(0, Math.max(0, room));
    if (accepted.length > 0) onChange([...files, ...accepted]);
    if (tooLarge) onError(t('spec.fileTooLarge', { fileName: tooLarge.name }));
    else if (fitting.length > accepted.length) onError(t('spec.tooManyAttachments', { max: TICKET_MAX_ATTACHMENTS }));
    else onError(undefined);
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files]);
  };

  return (
    <Input.Wrapper
      label={t('raise.attachments')}
      description={t('raise.attachmentsHint', { max: TICKET_MAX_ATTACHMENTS })}
      error={error}
      id={inputId}
    >
      <Stack gap="xs" mt={6}>
        <label
          htmlFor={inputId}
          className={classes.drop}
          data-active={dragging || undefined}
          data-error={error ? true : undefined}
          data-disabled={disabled || undefined}
          onDragOver={(event) => {
            event.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <IconUpload size={22} stroke={1.6} aria-hidden />
          <Text size="sm" fw={500}>
            {t('raise.dropTitle')}
          </Text>
          <input
            id={inputId}
            type="file"
            multiple
            disabled={disabled}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
            aria-describedby={`${inputId}-description`}
            onChange={(event) => {
              add([...(event.currentTarget.files ?? [])]);
              // The same file can be chosen again after it was removed.
              event.currentTarget.value = '';
            }}
          />
        </label>
        {files.length > 0 && (
          <ul aria-label={t('raise.chosenFiles')} style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 6 }}>
            {files.map((file, index) => (
              <li key={`${file.name}-${index}`} className={classes.fileRow}>
                <IconFile size={16} stroke={1.6} aria-hidden style={{ flex: 'none' }} />
                <Text size="sm" className={classes.fileName} title={file.name}>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                  {fileSize(file.size)}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  disabled={disabled}
                  aria-label={t('raise.remove', { name: file.name })}
                  onClick={() => {
                    onChange(files.filter((_, i) => i !== index));
                    onError(undefined);
                  }}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
