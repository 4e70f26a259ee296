import { useCallback } from 'react';
import { Button, Container, Loader, Stack, Text } from '@mantine/core';
import { IconReceiptOff } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths, type PurchaseKind } from '../../../app/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { showErrorToast } from '../../../lib/toast.ts';
import { InvoiceView } from '../components/invoice-view.tsx';
import { purchaseKindOf, purchaseKinds, type PurchaseKindHandler } from '../kinds/purchase-kinds.ts';
import { readPurchaseSpec } from '../purchase-spec.ts';
import { useBack } from '../use-back.ts';
import { useOrderOnce } from '../use-order-once.ts';

function NothingToShow({ title }: { title: string }) {
  const { t } = useTranslation('purchase');
  return (
    <Container py={{ base: 32, sm: 48 }}>
      <EmptyState icon={IconReceiptOff} title={title} text={t('invoice.noPurchaseText')}>
        <Button component={Link} to={paths.marketplace.getHref()} variant="light" mt="sm">
          {t('invoice.browse')}
        </Button>
      </EmptyState>
    </Container>
  );
}

function PurchaseDetails({ kind, handler }: { kind: PurchaseKind; handler: PurchaseKindHandler }) {
  const { t } = useTranslation('purchase');
  const specText = useSpecTextIn('purchase');
  const spec = readPurchaseSpec(useLocation().state);
  const back = useBack(handler.backTo(spec, null));
  // Spec section 4: any answer but 200 shows the server's message as an error and goes back.
  const failed = useCallback(
    (message: string) => {
      showErrorToast(specText(message));
      back();
    },
    [specText, back],
  );
  const load = useOrderOnce(kind, handler, spec, failed);

  if (load.status === 'nothing') return <NothingToShow title={t('invoice.noPurchase')} />;
  if (load.status !== 'ready') {
    return (
      <Container py={96}>
        <Stack align="center" gap="sm" role="status" aria-live="polite">
          <Loader />
          <Text c="dimmed">{t('invoice.creating')}</Text>
        </Stack>
      </Container>
    );
  }
  const { order } = load;
  // Spec: a Windows product with microsoftLicense 1 needs the licence PDF (the order carries the flag).
  const needsLicence = order.microsoftLicense === 1 && (spec === null || spec.producttype === 'windows');
  return <InvoiceView order={order} kind={kind} chosenGateway={spec?.paymentGateway ?? null} needsLicence={needsLicence} onBack={back} />;
}

/** /purchasedetails/{commingFrom}: creates the order on entry, shows the invoice and takes payment. */
export default function PurchaseDetailsPage() {
  const { t } = useTranslation('purchase');
  const kind = purchaseKindOf(useParams().commingFrom);
  const handler = kind === null ? undefined : purchaseKinds[kind];
  if (kind === null || !handler) return <NothingToShow title={kind === null ? t('invoice.noPurchase') : t('invoice.kindUnavailable')} />;
  return <PurchaseDetails key={kind} kind={kind} handler={handler} />;
}
