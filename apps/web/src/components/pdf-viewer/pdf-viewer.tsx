import { useState } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconExternalLink, IconFileAlert } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import classes from './pdf-viewer.module.css';

// The worker is a file of this site (CSP: worker-src 'self'), emitted by Vite next to this chunk.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/** Spec section 9: pages are shown 1000 px wide (the spec's 1000 by 600), narrower screens scale down. */
export const PDF_PAGE_WIDTH = 1000;

type PdfViewerProps = { file: string; title: string };

/** A paged PDF: Previous / Next (disabled at the ends), "Page X of Y" and Preview in a new window. */
export default function PdfViewer({ file, title }: PdfViewerProps) {
  const { t } = useTranslation();
  const [pageCount, setPageCount] = useState(0);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);
  const { ref, width } = useElementSize();
  const pageWidth = Math.floor(Math.min(PDF_PAGE_WIDTH, width || PDF_PAGE_WIDTH));

  return (
    <div className={classes.viewer}>
      <Paper withBorder radius="md" p="xs" className={classes.toolbar}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} aria-hidden />}
              disabled={page <= 1 || failed}
              onClick={() => setPage((p) => Math.max(1, p - 1))}
            >
              {t('pdf.previous')}
            </Button>
            <Text size="sm" c="dimmed" miw={88} ta="center" aria-live="polite" data-testid="pdf-page-label">
              {pageCount > 0 ? t('pdf.pageOf', { page, total: pageCount }) : '\u00a0'}
            </Text>
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} aria-hidden />}
              disabled={pageCount === 0 || page >= pageCount || failed}
              onClick={() => setPage((p) => Math.min(pageCount, p + 1))}
            >
              {t('pdf.next')}
            </Button>
          </Group>
          <Button
            component="a"
            href={file}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            rightSection={<IconExternalLink size={16} aria-hidden />}
          >
            {t('pdf.preview')}
          </Button>
        </Group>
      </Paper>

      <div ref={ref} className={classes.stage} aria-label={title} role="document">
        <Document
          file={file}
          suspense={false}
          onLoadSuccess={(pdf) => {
            setPageCount(pdf.numPages);
            setPage(1);
          }}
          onLoadError={() => setFailed(true)}
          loading={<Skeleton height={Math.round(pageWidth * 1.41)} radius="md" />}
          error={
            <Alert color="red" variant="light" icon={<IconFileAlert size={20} aria-hidden />} title={t('pdf.errorTitle')}>
              {t('pdf.errorText')}
            </Alert>
          }
        >
          <Page
            pageNumber={page}
            width={pageWidth}
            suspense={false}
            className={classes.page}
            loading={<Skeleton height={Math.round(pageWidth * 1.41)} radius="md" />}
          />
        </Document>
      </div>
    </div>
  );
}
