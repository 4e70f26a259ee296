import { Container, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompanyConfiguration } from '../../../api/company/get-company-configuration.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { ContactDetails } from '../components/contact-details.tsx';
import classes from '../components/content.module.css';
import { WriteToUsForm } from '../components/write-to-us-form.tsx';
import { useSiteText } from '../../../lib/site-text.ts';

export default function HelpPage() {
  const { t } = useTranslation();
  const config = useCompanyConfiguration();
  const siteText = useSiteText();
  return (
    <>
      <PageHeader title={t('help.title')} subtitle={siteText('helpHours', t('help.subtitle'))} />
      <Container className={classes.section}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ContactDetails config={config} />
          <WriteToUsForm />
        </SimpleGrid>
      </Container>
    </>
  );
}
