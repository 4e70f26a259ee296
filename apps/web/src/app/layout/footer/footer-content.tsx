import { Container, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messages } from '@mawingu/contracts/messages';
import { useCompanyConfigurationQuery } from '../../../api/company/get-company-configuration.ts';
import { FooterContact } from './footer-contact.tsx';
import { CompanyLinks, ExploreLinks } from './footer-links.tsx';
import classes from './footer.module.css';
import { LanguageSwitch } from '../language-switch.tsx';
import { SocialLinks } from '../../../components/social-links.tsx';
import { SubscribeForm } from '../../../features/newsletter/components/subscribe-form.tsx';

/** What the footer shows; a chunk of its own (site-footer.tsx). */
export default function FooterContent() {
  const { t } = useTranslation();
  const query = useCompanyConfigurationQuery();
  const config = query.data?.data ?? null;
  const companyName = config?.companyName.trim() ?? '';

  return (
    <>
      <Container py={48}>
        <div className={classes.grid}>
          {query.isPending ? (
            <Skeleton height={20} width={160} />
          ) : (
            config && (
              <Stack gap="sm">
                {companyName && (
                  <Text fw={700} size="lg" c="dark.8">
                    {companyName}
                  </Text>
                )}
                <FooterContact config={config} />
              </Stack>
            )
          )}
          <CompanyLinks />
          <ExploreLinks />
          <Stack gap="sm">
            <div className={classes.heading}>{t('footer.newsletterHeading')}</div>
            <Text size="sm" c="dimmed">
              {t('footer.newsletterText')}
            </Text>
            <SubscribeForm />
            <div className={classes.heading} style={{ marginTop: 8, marginBottom: 0 }}>
              {t('footer.followUs')}
            </div>
            <SocialLinks config={config} />
          </Stack>
        </div>
      </Container>
      <div className={classes.bottom}>
        <Container py="md">
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {companyName && `© ${new Date().getFullYear()} ${companyName} · `}
              <span data-testid="version-label">{messages.versionLabel}</span>
            </Text>
            <LanguageSwitch variant="footer" />
          </Group>
        </Container>
      </div>
    </>
  );
}
