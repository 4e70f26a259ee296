import type { ReactNode } from 'react';
import { FileInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type UploadInputProps = {
  label: string;
  description: string;
  accept: string;
  icon: ReactNode;
  busy: boolean;
  error: string | null;
  onFile: (file: File | null) => void;
};

/** A file input that uploads as soon as a file is chosen (the API checks it; its refusal shows under the input). */
export function UploadInput({ label, description, accept, icon, busy, error, onFile }: UploadInputProps) {
  const { t } = useTranslation('adminCompanies');
  return (
    <FileInput
      label={label}
      description={description}
      placeholder={busy ? t('uploading') : t('chooseFile')}
      accept={accept}
      leftSection={icon}
      value={null}
      onChange={onFile}
      disabled={busy}
      error={error}
      clearable={false}
      // Mantine's placeholder grey is below AA contrast; this one is the field's call to action.
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
    />
  );
}
