import { useMemo, useState } from 'react';
import { Button, Group, Paper, Skeleton, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import classes from './invoices.module.css';

// The worker is a file of this site (CSP: worker-src 'self'), emitted by Vite next to this chunk.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/** A4 at 96 dpi is 794 px wide; wider looks blurry, narrower screens scale down. */
const A4_WIDTH = 794;

export type InvoicePdfViewerProps = {
  bytes: Uint8Array;
  /** "Invoice 12" or "Proforma Invoice 12": names the document for assistive technology. */
  title: string;
  onDownload: () => void;
  /** The document could not be read: the page offers the download instead. */
  onError: () => void;
};

/** The invoice PDF, one A4 page at a time: Previous / Next, "Page X of Y" and Download. */
export default function InvoicePdfViewer({ bytes, title, onDownload, onError }: InvoicePdfViewerProps) {
  const { t } = useTranslation('invoices');
  const [pageCount, setPageCount] = useState(0);
  const [page, setPage] = useState(1);
  const { ref, width } = useElementSize();
  const pageWidth = Math.floor(Math.min(A4_WIDTH, width || A4_WIDTH));
  // pdf.js takes the buffer over (it moves to the worker): hand it a copy, once.
  const file = useMemo(() => ({ data: bytes.slice() }), [bytes]);
  const placeholder = <Skeleton height={Math.round(pageWidth * 1.414)} radius="sm" />;

  return (
    <div className={classes.viewer}>
      <Paper withBorder radius="md" p="xs" className={classes.toolbar}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} aria-hidden />}
              disabled={page <= 1}
              onClick={() => setPage((p) => Math.max(1, p - 1))}
            >
              {t('viewer.previous')}
            </Button>
            <Text size="sm" c="gray.7" className={classes.pageLabel} aria-live="polite" data-testid="invoice-page-label">
              {pageCount > 0 ? t('viewer.pageOf', { page, total: pageCount }) : '\u00a0'}
            </Text>
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} aria-hidden />}
              disabled={pageCount === 0 || page >= pageCount}
              onClick={() => setPage((p) => Math.min(pageCount, p + 1))}
            >
              {t('viewer.next')}
            </Button>
          </Group>
          <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={onDownload}>
            {t('viewer.download')}
          </Button>
        </Group>
      </Paper>

      <div
        ref={ref}
        className={classes.stage}
        role="document"
        aria-label={pageCount > 0 ? t('viewer.documentLabel', { title, page, total: pageCount }) : title}
      >
        <Document
          file={file}
          // Our own placeholders show while it loads (react-pdf 11 would otherwise suspend).
          suspense={false}
          onLoadSuccess={(pdf) => {
            setPageCount(pdf.numPages);
            setPage(1);
          }}
          onLoadError={onError}
          loading={placeholder}
          error={placeholder}
        >
          <Page pageNumber={page} width={pageWidth} suspense={false} className={classes.page} loading={placeholder} />
        </Document>
      </div>
    </div>
  );
}
