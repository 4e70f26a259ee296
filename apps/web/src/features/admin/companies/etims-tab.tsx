import { Alert, Badge, Button, Card, Group, ScrollArea, SegmentedControl, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
// Mantine's styles load with the components that use them (the first page stays small).
import '../../../components/segmented-control-styles.ts';
import '@mantine/core/styles/Table.css';
import type { EtimsDocument, EtimsDocumentView } from '@mawingu/contracts/admin/etims';
import { formatMoney } from '../../../lib/money.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import ui from '../shell/console.module.css';
import { useWide } from '../shell/use-wide.ts';
import { useEtimsDocuments, useResubmitEtims } from './etims-api.ts';
import { SectionPanel } from './section-form.tsx';

/** Badge colour and its text: dark enough on the light badge, also on the table's striped rows (WCAG AA). */
const BADGE = {
  refused: { color: 'red', c: 'red.9' },
  pending: { color: 'blue', c: 'blue.9' },
  signed: { color: 'teal', c: '#05543f' },
} as const;

function StatusBadge({ doc }: { doc: EtimsDocument }) {
  const { t } = useTranslation('adminCompanies');
  return (
    // A table cell would squeeze the badge to an ellipsis: the label keeps the whole word.
    <Badge
      color={BADGE[doc.status].color}
      c={BADGE[doc.status].c}
      variant="light"
      tt="none"
      styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {t(`etims.status.${doc.status}`)}
    </Badge>
  );
}

/**
 * Company settings → eTIMS (ADR 0121): the invoices and credit notes of its Kenyan entities that
 * eTIMS has not signed yet or refused, with KRA's reason, each resubmittable (under its kept
 * number); or, switched over, the signed ones.
 */
export function EtimsTab({ companyId }: { companyId: number }) {
  const { t, i18n } = useTranslation('adminCompanies');
  const wide = useWide();
  const [view, setView] = useState<EtimsDocumentView>('open');
  const query = useEtimsDocuments(companyId, view);
  const listLabel = t(view === 'signed' ? 'etims.signedLabel' : 'etims.listLabel');
  const resubmit = useResubmitEtims(companyId);

  const send = async (doc: EtimsDocument) => {
    try {
      const done = await resubmit.mutateAsync(doc.id);
      if (done.status === 'signed') showSuccessToast(t('etims.resubmitSigned', { number: doc.serialNumber }));
      else showErrorToast(t('etims.resubmitNotSigned', { number: doc.serialNumber, reason: done.reason ?? '' }));
    } catch (err) {
      showErrorToast(err instanceof Error ? err.message : t('saveFailed'));
    }
  };
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const money = (doc: EtimsDocument) => formatMoney(doc.total, doc.currency);
  const action = (doc: EtimsDocument) =>
    doc.status === 'signed' ? null : (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconSend size={14} aria-hidden />}
        loading={resubmit.isPending && resubmit.variables === doc.id}
        onClick={() => void send(doc)}
        aria-label={t('etims.resubmitOf', { number: doc.serialNumber })}
      >
        {t('etims.resubmit')}
      </Button>
    );

  let body;
  if (query.isPending) body = <Skeleton height={160} radius="md" aria-label={t('loading')} />;
  else if (query.isError)
    body = (
      <Alert color="red" variant="light" role="alert" title={t('loadFailed')}>
        {query.error.message}
      </Alert>
    );
  else if (query.data.documents.length === 0) body = <Text size="sm">{t(view === 'signed' ? 'etims.noneSigned' : 'etims.none')}</Text>;
  else if (wide)
    body = (
      <ScrollArea type="auto">
        <Table fz="sm" verticalSpacing="sm" horizontalSpacing="sm" striped aria-label={listLabel}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('etims.document')}</Table.Th>
              <Table.Th>{t('etims.customer')}</Table.Th>
              <Table.Th>{t('etims.total')}</Table.Th>
              <Table.Th>{t('etims.statusLabel')}</Table.Th>
              <Table.Th>{t('etims.reason')}</Table.Th>
              {view === 'open' && <Table.Th>{t('etims.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.documents.map((doc) => (
              <Table.Tr key={doc.id} data-testid="etims-row">
                <Table.Td className={ui.nowrap}>
                  <Text fw={600} size="sm">
                    {doc.serialNumber}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {t(`etims.kind.${doc.kind}`)} · {when(doc.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td maw={200}>{doc.customer}</Table.Td>
                <Table.Td className={ui.nowrap}>{money(doc)}</Table.Td>
                <Table.Td className={ui.nowrap}>
                  <StatusBadge doc={doc} />
                  <Text size="xs" c="gray.7" mt={4}>
                    {t('etims.attempts', { count: doc.attempts })}
                  </Text>
                </Table.Td>
                <Table.Td maw={280} style={{ overflowWrap: 'anywhere' }}>
                  {doc.reason ?? '—'}
                </Table.Td>
                {view === 'open' && <Table.Td>{action(doc)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    );
  else
    body = (
      <ul className={ui.cards} aria-label={listLabel}>
        {query.data.documents.map((doc) => (
          <li key={doc.id}>
            <Card withBorder radius="md" padding="sm" data-testid="etims-row">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs">
                  <Text fw={600}>{doc.serialNumber}</Text>
                  <StatusBadge doc={doc} />
                </Group>
                <dl className={ui.facts}>
                  <dt>{t('etims.customer')}</dt>
                  <dd>{doc.customer}</dd>
                  <dt>{t('etims.total')}</dt>
                  <dd>{money(doc)}</dd>
                  <dt>{t('etims.reason')}</dt>
                  <dd>{doc.reason ?? '—'}</dd>
                </dl>
                {doc.status === 'signed' ? null : <Group>{action(doc)}</Group>}
              </Stack>
            </Card>
          </li>
        ))}
      </ul>
    );

  return (
    <SectionPanel title={t('etims.listTitle')} description={t('etims.listIntro')}>
      <Stack gap="md">
        <SegmentedControl
          value={view}
          onChange={(v) => setView(v as EtimsDocumentView)}
          aria-label={t('etims.view.label')}
          // No sliding: the indicator sits on the chosen item at once (also in screenshots).
          transitionDuration={0}
          data={[
            { value: 'open', label: t('etims.view.open') },
            { value: 'signed', label: t('etims.view.signed') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {body}
      </Stack>
    </SectionPanel>
  );
}
