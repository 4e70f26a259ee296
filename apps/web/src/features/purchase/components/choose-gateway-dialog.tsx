import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paysInUsd, totalsInUsd } from '@mawingu/contracts/pricing/currency';
import type { Bill } from '@mawingu/contracts/pricing/bill';
import { UsdFigures } from './usd-figures.tsx';

type ChooseGatewayDialogProps = {
  /** The region's gateways; null when the dialog is closed. */
  gateways: readonly string[] | null;
  currency: string;
  bill: Bill;
  zarToUsdRate: string;
  onClose: () => void;
  onProceed: (gateway: string) => void;
};

/**
 * Spec "Choose Payment Gateway": radio options from the gateway list; No and Proceed appear only
 * once one is chosen; the PayPal-type gateway for a ZAR bill shows the USD conversion and a note.
 */
export function ChooseGatewayDialog({ gateways, currency, bill, zarToUsdRate, onClose, onProceed }: ChooseGatewayDialogProps) {
  const { t } = useTranslation('purchase');
  const { t: common } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const close = () => {
    setChosen(null);
    onClose();
  };
  const inUsd = chosen !== null && paysInUsd(currency, chosen);
  return (
    <Modal
      opened={gateways !== null}
      onClose={close}
      title={t('gateway.title')}
      centered
      closeButtonProps={{ 'aria-label': common('common.close') }}
      styles={{ title: { fontWeight: 600 } }}
    >
      <Stack gap="md">
        <Radio.Group label={t('gateway.label')} value={chosen} onChange={setChosen}>
          <Stack gap="sm" mt="xs">
            {(gateways ?? []).map((name) => (
              <Radio key={name} value={name} label={name} />
            ))}
          </Stack>
        </Radio.Group>
        {inUsd && <UsdFigures usd={totalsInUsd(bill, zarToUsdRate)} note={t('gateway.usdNote', { rate: zarToUsdRate })} />}
        {chosen !== null && (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('gateway.no')}
            </Button>
            <Button onClick={() => onProceed(chosen)}>{t('gateway.proceed')}</Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
