import { useEffect, useState } from 'react';
import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pdfjs } from 'react-pdf';
import classes from './pdf-viewer.module.css';

type TextItem = { str: string; hasEOL: boolean; transform: number[]; height: number };

/**
 * A page's text as paragraphs: lines end where pdf.js marks an end of line, and a paragraph ends
 * where the gap to the next line is clearly wider than the line's height (a blank line in the PDF).
 */
export function paragraphsOf(items: TextItem[]): string[] {
  const paragraphs: string[] = [];
  let current = '';
  let line = '';
  let lastY: number | null = null;
  let lastHeight = 0;
  const endLine = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    if (text) current = current ? `${current} ${text}` : text;
    line = '';
  };
  const endParagraph = () => {
    endLine();
    if (current) paragraphs.push(current);
    current = '';
  };
  for (const item of items) {
    const y = item.transform[5] ?? 0;
    if (lastY !== null && line === '' && item.str.trim() !== '' && lastY - y > Math.max(lastHeight, item.height) * 1.6) endParagraph();
    line += item.str;
    if (item.str.trim() !== '') {
      lastY = y;
      lastHeight = item.height;
    }
    if (item.hasEOL) endLine();
  }
  endParagraph();
  return paragraphs;
}

/** The document's text, page after page, reflowed to the screen's width: the readable version on a phone. */
export function PdfText({ file }: { file: string }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState<string[][] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const task = pdfjs.getDocument({ url: file });
    void (async () => {
      try {
        const pdf = await task.promise;
        const read: string[][] = [];
        for (let n = 1; n <= pdf.numPages; n += 1) {
          const content = await (await pdf.getPage(n)).getTextContent();
          read.push(paragraphsOf(content.items.flatMap((item) => ('str' in item ? [item] : []))));
        }
        if (!cancelled) setPages(read);
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [file]);

  if (failed)
    return (
      <Alert color="red" variant="light" title={t('pdf.errorTitle')}>
        {t('pdf.errorText')}
      </Alert>
    );
  if (!pages) return <Skeleton height={480} radius="md" />;
  if (pages.every((p) => p.length === 0)) return <Text size="sm">{t('pdf.noText')}</Text>;
  return (
    <div className={classes.text} data-testid="pdf-text">
      {pages.map((paragraphs, n) => (
        <Stack key={n} gap="sm" component="section" aria-label={t('pdf.pageLabel', { page: n + 1 })}>
          {paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </Stack>
      ))}
    </div>
  );
}
