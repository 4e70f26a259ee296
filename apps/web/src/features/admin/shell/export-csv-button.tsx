import { useState } from 'react';
import { Button, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../api/contract-call.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { showErrorToast } from '../../../lib/toast.ts';
import { inConsole } from './console-door.ts';

/** Fetches a console CSV export (with the operator's session) and saves it as `<name>-<day>.csv`. */
export async function downloadCsv(url: string, name: string) {
  const day = new Date().toISOString().slice(0, 10);
  saveFile(await downloadFile(url, inConsole), `${name}-${day}.csv`);
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
