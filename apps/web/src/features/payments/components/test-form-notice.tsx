import { Button } from '@mantine/core';
import { IconArrowLeft, IconFlask } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { ResultPanel, ResultText } from './result-panel.tsx';

/**
 * /OZOWPaymentform and /payment: the spec's manual, test-like gateway forms, linked from no flow.
 * Payments start from the purchase details (the server builds each gateway's form), so these
 * pages say so honestly and lead back home.
 */
export function TestFormNotice({ title }: { title: string }) {
  const { t } = useTranslation('payments');
  return (
    <ResultPanel
      icon={IconFlask}
      color="gray"
      title={title}
      actions={
        <>
          <Button component={Link} to={paths.home.getHref()} leftSection={<IconArrowLeft size={16} aria-hidden />}>
            {t('testForm.back')}
          </Button>
          <Button component={Link} to={paths.marketplace.getHref()} variant="default">
            {t('testForm.marketplace')}
          </Button>
        </>
      }
    >
      <ResultText>
        <strong>{t('testForm.heading')}</strong>
      </ResultText>
      <ResultText>{t('testForm.text')}</ResultText>
    </ResultPanel>
  );
}
