import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messages } from '@mawingu/contracts/messages';
import type { UsdTotals } from '@mawingu/contracts/pricing/currency';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { UsdFigures } from './usd-figures.tsx';

/** Spec "PayPal currency dialog (ZAR)": the question, the USD amounts, No and Proceed. */
export function PaypalCurrencyDialog({
  usd,
  rate,
  onClose,
  onProceed,
}: {
  usd: UsdTotals | null;
  rate: string;
  onClose: () => void;
  onProceed: () => void;
}) {
  const { t } = useTranslation('purchase');
  const { t: common } = useTranslation();
  const specText = useSpecTextIn('purchase');
  return (
    <Modal
      opened={usd !== null}
      onClose={onClose}
      title={t('currencyDialog.title')}
      centered
      closeButtonProps={{ 'aria-label': common('common.close') }}
      styles={{ title: { fontWeight: 600 } }}
    >
      <Stack gap="md">
        <Text size="sm">{specText(messages.paypalZarQuestion)}</Text>
        {usd && <UsdFigures usd={usd} note={t('gateway.usdNote', { rate })} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('currencyDialog.no')}
          </Button>
          <Button onClick={onProceed}>{t('currencyDialog.proceed')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
