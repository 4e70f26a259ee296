import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Anchor, Container, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../../components/error-boundary.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useBlockContextMenu } from '../../../lib/use-block-context-menu.ts';
import { usableMediaPath } from '../../../lib/media-path.ts';
import classes from './content.module.css';

// pdf.js is large: only a company with a document file loads it, never the home page.
const PdfViewer = lazy(() => import('../../../components/pdf-viewer/pdf-viewer.tsx'));

type LegalDocumentPageProps = {
  title: string;
  subtitle: string;
  /** The configured file (termCondition / privacyPolicy); without one the built-in text shows. */
  file: string | null | undefined;
  /** True until the configuration is known: neither the text nor a viewer is shown yet. */
  loading: boolean;
  children: ReactNode;
};

/** Terms and privacy: the company's PDF in the paged viewer, or the built-in text; no right-click. */
export function LegalDocumentPage({ title, subtitle, file, loading, children }: LegalDocumentPageProps) {
  const { t } = useTranslation();
  useBlockContextMenu();
  const pdf = usableMediaPath(file);
  // A browser too old for pdf.js still gets the document, in its own viewer.
  const viewerFailed = pdf && (
    <Alert color="yellow" variant="light" title={t('pdf.errorTitle')} maw={1000} mx="auto">
      <Anchor href={pdf} target="_blank" rel="noopener noreferrer">
        {t('pdf.preview')}
      </Anchor>
    </Alert>
  );
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Container className={classes.section}>
        {loading ? (
          <Skeleton height={480} radius="md" maw={1000} mx="auto" />
        ) : pdf ? (
          <ErrorBoundary fallback={viewerFailed}>
            <Suspense fallback={<Skeleton height={640} radius="md" maw={1000} mx="auto" />}>
              <PdfViewer file={pdf} title={title} />
            </Suspense>
          </ErrorBoundary>
        ) : (
          <div className={classes.prose} data-testid="built-in-document">
            {children}
          </div>
        )}
      </Container>
    </>
  );
}
