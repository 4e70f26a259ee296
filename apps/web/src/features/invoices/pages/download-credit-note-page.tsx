import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Container, Skeleton, Stack } from '@mantine/core';
import { IconDownload, IconFileAlert, IconFileInvoice, IconLogin } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { savePdf, useInvoicePdf } from '../../../api/invoices/fetch-invoice-pdf.ts';
import { paths } from '../../../app/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorBoundary } from '../../../components/error-boundary.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { ReturnState } from '../../../lib/session/session-keeper.tsx';
import { useSession } from '../../../lib/session/use-session.ts';

// pdf.js is large: it loads with this page only.
const InvoicePdfViewer = lazy(() => import('../components/invoice-pdf-viewer.tsx'));

const viewerSkeleton = <Skeleton height={640} radius="md" maw={794} mx="auto" />;

/** The credit note's PDF address; served to its owner only, so the viewer gets the bytes. */
export const creditNotePdfUrl = (token: string) => `/api/credit-note/pdf/${encodeURIComponent(token)}`;

/**
 * /DownloadCreditNote/{token}, opened from Purchase History beside the invoice (issue 18): the
 * credit note's A4 PDF in the invoice's paged viewer, with Download. Anyone else's is "not found".
 */
export default function DownloadCreditNotePage() {
  const { t } = useTranslation('invoices');
  const { token = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const pdf = useInvoicePdf(session.isLoggedIn && token ? creditNotePdfUrl(token) : null);
  const [viewerFailed, setViewerFailed] = useState(false);
  const title = t('creditNote.title');

  let body;
  if (!session.isLoggedIn) {
    const state: ReturnState = { from: `${location.pathname}${location.search}` };
    body = (
      <EmptyState icon={IconLogin} title={t('creditNote.loginTitle')} text={t('creditNote.loginText')}>
        <Button component={Link} to={paths.login.getHref()} state={state} mt="sm">
          {t('viewer.login')}
        </Button>
      </EmptyState>
    );
  } else if (pdf.isPending) {
    body = viewerSkeleton;
  } else if (!pdf.data) {
    // The file is served to its owner only: a refusal and a missing note look the same.
    body = (
      <EmptyState icon={IconFileInvoice} title={t('creditNote.notFound')} text={t('creditNote.notFoundText')}>
        <Stack gap="xs" align="center" mt="sm">
          <Button component={Link} to={paths.customerProfile.getHref(2)} variant="light">
            {t('viewer.myAccount')}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => void pdf.refetch()}>
            {t('viewer.retry')}
          </Button>
        </Stack>
      </EmptyState>
    );
  } else {
    const bytes = pdf.data;
    const download = () => savePdf(bytes, t('creditNote.fileName', { number: token.slice(0, 8) }));
    const fallback = (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconFileAlert size={20} aria-hidden />}
        title={t('viewer.pdfFailed')}
        maw={794}
        mx="auto"
      >
        <Button mt="sm" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
          {t('viewer.download')}
        </Button>
      </Alert>
    );
    body = viewerFailed ? (
      fallback
    ) : (
      <ErrorBoundary fallback={fallback}>
        <Suspense fallback={viewerSkeleton}>
          <InvoicePdfViewer bytes={bytes} title={title} onDownload={download} onError={() => setViewerFailed(true)} />
        </Suspense>
      </ErrorBoundary>
    );
  }

  return (
    <>
      <PageHeader title={title} />
      <Container py={{ base: 'lg', sm: 'xl' }}>{body}</Container>
    </>
  );
}
