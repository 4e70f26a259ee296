import { useTranslation } from 'react-i18next';
import { TestFormNotice } from '../components/test-form-notice.tsx';

export default function OzowPaymentFormPage() {
  const { t } = useTranslation('payments');
  return <TestFormNotice title={t('testForm.ozowTitle')} />;
}
