import { useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconExternalLink, IconFileAlert } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
// The phone's Text / Pages switch: Mantine's CSS for it loads with the viewer only.
import '../segmented-control-styles.ts';
import { PdfText } from './pdf-text.tsx';
import classes from './pdf-viewer.module.css';

// The worker is a file of this site (CSP: worker-src 'self'), emitted by Vite next to this chunk.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/** Spec section 9: pages are shown 1000 px wide (the spec's 1000 by 600), narrower screens scale down. */
export const PDF_PAGE_WIDTH = 1000;

type PdfViewerProps = { file: string; title: string };

/** Below this width a page scaled to fit is unreadable (about 6 px text at 390 px): the text version opens first. */
const PHONE_QUERY = '(max-width: 40em)';

/**
 * A paged PDF: Previous / Next (disabled at the ends), "Page X of Y" and Preview in a new window.
 * On a phone it opens as text reflowed to the screen, with a switch back to the pages.
 */
export default function PdfViewer({ file, title }: PdfViewerProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [view, setView] = useState<'text' | 'pages' | null>(null);
  const shown = view ?? (phone ? 'text' : 'pages');
  const [pageCount, setPageCount] = useState(0);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);
  const { ref, width } = useElementSize();
  const pageWidth = Math.floor(Math.min(PDF_PAGE_WIDTH, width || PDF_PAGE_WIDTH));

  const preview = (
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
  );

  return (
    <div className={classes.viewer}>
      <Paper withBorder radius="md" p="xs" className={classes.toolbar}>
        <Stack gap="xs">
          {phone && (
            <Group gap="xs" wrap="nowrap">
              <SegmentedControl
                style={{ flex: 1 }}
                value={shown}
                onChange={(value) => setView(value as 'text' | 'pages')}
                aria-label={t('pdf.viewLabel')}
                data={[
                  { value: 'text', label: t('pdf.asText') },
                  { value: 'pages', label: t('pdf.asPages') },
                ]}
              />
              {shown === 'text' && preview}
            </Group>
          )}
          {shown === 'pages' && (
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
              {preview}
            </Group>
          )}
        </Stack>
      </Paper>

      {shown === 'text' && <PdfText file={file} />}
      <div ref={ref} className={classes.stage} aria-label={title} role="document" hidden={shown === 'text'}>
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
