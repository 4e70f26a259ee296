import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon.tsx';

export default function NewsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.news')} />;
}
