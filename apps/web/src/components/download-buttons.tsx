import { useState, type ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

/**
 * A ticket's files as pill buttons, each downloading through `download` (with the side's own
 * session and failure toast) and spinning while it does; `empty` stands in when there are none.
 * Shared by the customer's ticket and the console's, which differ only in those.
 */
export function DownloadButtons<F extends { name: string }>({
  files,
  idOf,
  label,
  download,
  empty,
  testId,
}: {
  files: readonly F[];
  idOf: (file: F) => string;
  label: (file: F) => string;
  download: (file: F) => Promise<void>;
  empty: ReactNode;
  testId?: string;
}) {
  const [loading, setLoading] = useState<string | null>(null);
  if (files.length === 0) return empty;
  const start = async (file: F) => {
    setLoading(idOf(file));
    try {
      await download(file);
    } finally {
      setLoading(null);
    }
  };
  return (
    <Group gap="xs">
      {files.map((file) => (
        <Button
          key={idOf(file)}
          variant="default"
          size="xs"
          radius="xl"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={loading === idOf(file)}
          onClick={() => void start(file)}
          aria-label={label(file)}
          maw="100%"
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
          data-testid={testId}
        >
          {file.name}
        </Button>
      ))}
    </Group>
  );
}
