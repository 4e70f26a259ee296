import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconEye, IconTarget } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCompanyAddresses } from '../../../api/company/get-company-address.ts';
import { useCompanyConfiguration } from '../../../api/company/get-company-configuration.ts';
import { BlogCards } from '../../../components/blog-cards.tsx';
import { CompanyOffices } from '../../../components/company-offices.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { SectionHeading } from '../../../components/section-heading.tsx';
import { TechnologyGrid } from '../components/technology-grid.tsx';
import classes from '../components/content.module.css';
import { useSiteText } from '../../../lib/site-text.ts';

export default function AboutPage() {
  const { t } = useTranslation();
  const siteText = useSiteText();
  const companyName = useCompanyConfiguration()?.companyName.trim();
  const offices = useCompanyAddresses();
  const addresses = offices.data?.data ?? [];

  return (
    <>
      <PageHeader title={t('about.title')} subtitle={companyName ? t('about.subtitle', { companyName }) : t('about.subtitleNoCompany')} />
      <Container className={classes.section}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {(
            [
              ['vision', IconEye, 'aboutVision'],
              ['mission', IconTarget, 'aboutMission'],
            ] as const
          ).map(([key, SectionIcon, textKey]) => (
            <Card key={key} component="section" aria-labelledby={`about-${key}`} padding="xl">
              <Stack gap="sm">
                <ThemeIcon size={44} radius="md" variant="light">
                  <SectionIcon size={24} stroke={1.6} aria-hidden />
                </ThemeIcon>
                <Title order={2} fz="xl" id={`about-${key}`}>
                  {t(`about.${key}Title`)}
                </Title>
                <Text c="dimmed" lh={1.65}>
                  {siteText(textKey, t(`about.${key}`))}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <PageSection labelledBy="about-technology" muted>
        <SectionHeading
          id="about-technology"
          title={t('about.technologyTitle')}
          text={siteText('aboutTechnology', t('about.technologyText'))}
        />
        <TechnologyGrid />
      </PageSection>

      <PageSection labelledBy="about-blogs">
        <SectionHeading id="about-blogs" title={t('about.blogsTitle')} />
        <BlogCards />
      </PageSection>

      {(offices.isPending || addresses.length > 0) && (
        <PageSection labelledBy="about-offices" muted>
          <SectionHeading id="about-offices" title={t('about.officesTitle')} />
          <CompanyOffices addresses={addresses} loading={offices.isPending} />
        </PageSection>
      )}

      <Container className={classes.section}>
        <Card padding="xl" className={classes.callout}>
          <Title order={2} fz="lg">
            {t('about.newsletterTitle')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('about.newsletterText')}
          </Text>
        </Card>
      </Container>
    </>
  );
}
