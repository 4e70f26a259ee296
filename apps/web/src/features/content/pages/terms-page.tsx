import { useTranslation } from 'react-i18next';
import { useCompanyConfigurationQuery } from '../../../api/company/get-company-configuration.ts';
import { BuiltInTerms } from '../components/built-in-terms.tsx';
import { LegalDocumentPage } from '../components/legal-document-page.tsx';

export default function TermsPage() {
  const { t } = useTranslation();
  const query = useCompanyConfigurationQuery();
  const config = query.data?.data ?? null;
  const companyName = config?.companyName.trim();
  return (
    <LegalDocumentPage
      title={t('terms.title')}
      subtitle={companyName ? t('terms.subtitle', { companyName }) : t('terms.subtitleNoCompany')}
      loading={query.isPending}
      file={config?.termCondition}
    >
      <BuiltInTerms />
    </LegalDocumentPage>
  );
}
