import { useEffect, useState } from 'react';
import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pdfjs } from 'react-pdf';
import { bodyHeightOf, paragraphsOf, type PdfParagraph } from './pdf-paragraphs.ts';
import classes from './pdf-viewer.module.css';

/** The document's text, page after page, reflowed to the screen's width: the readable version on a phone. */
export function PdfText({ file }: { file: string }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState<PdfParagraph[][] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const task = pdfjs.getDocument({ url: file });
    void (async () => {
      try {
        const pdf = await task.promise;
        const read: PdfParagraph[][] = [];
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
  const body = bodyHeightOf(pages);
  return (
    <div className={classes.text} data-testid="pdf-text">
      {pages.map((paragraphs, n) => (
        <Stack key={n} gap="sm" component="section" aria-label={t('pdf.pageLabel', { page: n + 1 })}>
          {paragraphs.map((p, i) =>
            // Set larger than the body in the PDF: a heading, shown bold.
            Math.round(p.height) > body * 1.1 ? (
              <p key={i} className={classes.heading}>
                {p.text}
              </p>
            ) : (
              <p key={i}>{p.text}</p>
            ),
          )}
        </Stack>
      ))}
    </div>
  );
}
