import { lazy, Suspense, useState } from 'react';
import { Alert, Badge, Button, Container, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileAlert, IconFileInvoice, IconLogin } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InvoiceData } from '@mawingu/contracts/invoices';
import { useInvoice } from '../../../api/invoices/generate-invoice.ts';
import { savePdf, useInvoicePdf } from '../../../api/invoices/fetch-invoice-pdf.ts';
import { paths } from '../../../app/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorBoundary } from '../../../components/error-boundary.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatMoney } from '../../../lib/money.ts';
import type { ReturnState } from '../../../lib/session/session-keeper.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { formatDay } from '../../../lib/format-day.ts';
import { useInvoicesText } from '../invoices-text.ts';

// pdf.js is large: it loads with this page only.
const InvoicePdfViewer = lazy(() => import('../components/invoice-pdf-viewer.tsx'));

const viewerSkeleton = <Skeleton height={640} radius="md" maw={794} mx="auto" />;

function InvoiceDocument({ invoice, title }: { invoice: InvoiceData; title: string }) {
  const { t } = useTranslation('invoices');
  const pdf = useInvoicePdf(invoice.pdfUrl);
  const [viewerFailed, setViewerFailed] = useState(false);
  const number = invoice.invoiceDetail.serialNumber;

  if (pdf.isPending) return viewerSkeleton;
  const bytes = pdf.data;
  if (!bytes) {
    return (
      <Alert color="red" variant="light" icon={<IconFileAlert size={20} aria-hidden />} title={t('viewer.loadFailed')} maw={794} mx="auto">
        <Button size="xs" variant="default" mt="xs" onClick={() => void pdf.refetch()}>
          {t('viewer.retry')}
        </Button>
      </Alert>
    );
  }
  const download = () => savePdf(bytes, t('viewer.fileName', { number }));
  // A browser pdf.js cannot run in still gets the file.
  const fallback = (
    <Alert color="yellow" variant="light" icon={<IconFileAlert size={20} aria-hidden />} title={t('viewer.pdfFailed')} maw={794} mx="auto">
      <Text size="sm">{t('viewer.pdfFailedText')}</Text>
      <Button mt="sm" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
        {t('viewer.download')}
      </Button>
    </Alert>
  );
  if (viewerFailed) return fallback;
  return (
    <ErrorBoundary fallback={fallback}>
      <Suspense fallback={viewerSkeleton}>
        <InvoicePdfViewer bytes={bytes} title={`${title} ${number}`} onDownload={download} onError={() => setViewerFailed(true)} />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * /DownloadInvoice/{token} (spec section 2), opened in a new window: generateInvoice for the
 * token, then the A4 PDF in a paged viewer with Download. The token opens the invoice for its
 * owner only; anything else is "Invoice not found".
 */
export default function DownloadInvoicePage() {
  const { t, i18n } = useTranslation('invoices');
  const invoicesText = useInvoicesText();
  const { token = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const invoice = useInvoice(session.isLoggedIn ? token : '');
  const account = paths.customerProfile.getHref(2);

  let header = <PageHeader title={t('viewer.invoice')} />;
  let body;
  if (!session.isLoggedIn) {
    const state: ReturnState = { from: `${location.pathname}${location.search}` };
    body = (
      <EmptyState icon={IconLogin} title={t('viewer.loginTitle')} text={t('viewer.loginText')}>
        <Button component={Link} to={paths.login.getHref()} state={state} mt="sm">
          {t('viewer.login')}
        </Button>
      </EmptyState>
    );
  } else if (invoice.isPending) {
    body = (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={56} radius="md" maw={794} mx="auto" w="100%" />
        {viewerSkeleton}
      </Stack>
    );
  } else if (invoice.data?.status === 200 && invoice.data.data) {
    const data = invoice.data.data;
    const detail = data.invoiceDetail;
    const title = detail.isTestTransaction === 1 ? t('viewer.proforma') : t('viewer.invoice');
    header = (
      <PageHeader
        title={title}

        subtitle={t('viewer.summary', {
          number: detail.serialNumber,
          orderId: detail.orderID,
          date: formatDay(detail.transactionDate, i18n.language),
        })}
      >
        <Group gap="xs">
          <Text fw={700}>{t('viewer.total', { amount: formatMoney(detail.totalCost, detail.currencyCode) })}</Text>
          {detail.isTestTransaction === 0 && (
            <Badge color="green" c="#1f7a35" variant="light" radius="sm" tt="none">
              {t('viewer.paid')}
            </Badge>
          )}
        </Group>
      </PageHeader>
    );
    body = <InvoiceDocument invoice={data} title={title} />;
  } else {
    const reply = invoice.data;
    const answered = reply !== undefined && reply.status >= 400 && reply.status < 500;
    body = answered ? (
      <EmptyState icon={IconFileInvoice} title={t('spec.invoiceNotFound')} text={t('viewer.notFoundText')}>
        <Button component={Link} to={account} variant="light" mt="sm">
          {t('viewer.myAccount')}
        </Button>
      </EmptyState>
    ) : (
      <Alert color="red" variant="light" title={t('viewer.loadFailed')} maw={794} mx="auto">
        <Stack gap="xs" align="flex-start">
          {reply?.message && <Text size="sm">{invoicesText(reply.message)}</Text>}
          <Button size="xs" variant="default" onClick={() => void invoice.refetch()}>
            {t('viewer.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <>
      {header}
      <Container py={{ base: 'lg', sm: 'xl' }}>{body}</Container>
    </>
  );
}
