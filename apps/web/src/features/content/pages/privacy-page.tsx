import { useTranslation } from 'react-i18next';
import { useCompanyConfigurationQuery } from '../../../api/company/get-company-configuration.ts';
import { BuiltInPrivacy } from '../components/built-in-privacy.tsx';
import { LegalDocumentPage } from '../components/legal-document-page.tsx';

export default function PrivacyPage() {
  const { t } = useTranslation();
  const query = useCompanyConfigurationQuery();
  const config = query.data?.data ?? null;
  const companyName = config?.companyName.trim() ?? '';
  return (
    <LegalDocumentPage
      title={t('privacy.title')}
      subtitle={companyName ? t('privacy.subtitle', { companyName }) : t('privacy.subtitleNoCompany')}
      loading={query.isPending}
      file={config?.privacyPolicy}
    >
      <BuiltInPrivacy companyName={companyName} />
    </LegalDocumentPage>
  );
}
