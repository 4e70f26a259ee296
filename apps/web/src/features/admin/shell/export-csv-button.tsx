import { useState } from 'react';
import { Button, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../api/contract-call.ts';
import { showErrorToast } from '../../../lib/toast.ts';
import { inConsole } from './console-door.ts';

/** Saves a fetched file under `filename` (a link to the blob, clicked): the browser's own download. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches a console CSV export (with the operator's session) and saves it as `<name>-<day>.csv`. */
export async function downloadCsv(url: string, name: string) {
  const day = new Date().toISOString().slice(0, 10);
  saveBlob(await downloadFile(url, inConsole), `${name}-${day}.csv`);
}

/**
 * "Export CSV" beside a filtered list: every row the filters select, not only the page shown. An
 * error (a filter the server refuses, too many rows) is said in a toast with the server's words.
 */
export function ExportCsvButton({ url, name, label }: { url: string; name: string; label?: string }) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await downloadCsv(url, name);
    } catch (error) {
      showErrorToast(error instanceof Error && error.message ? error.message : t('export.failed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Tooltip label={t('export.hint')} multiline w={240}>
      <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={busy} onClick={() => void run()}>
        {label ?? t('export.label')}
      </Button>
    </Tooltip>
  );
}
