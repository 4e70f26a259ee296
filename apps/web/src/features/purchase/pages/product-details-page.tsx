import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon.tsx';

export default function ProductDetailsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.productDetails')} />;
}
