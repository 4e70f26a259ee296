import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { useCompanyConfiguration } from '../../../api/company/get-company-configuration.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { usableMediaPath } from '../../../lib/media-path.ts';
import { CompanyVideo } from './company-video.tsx';
import { HeroIllustration } from './hero-illustration.tsx';
import classes from './home.module.css';
import { useSiteText } from '../../../lib/site-text.ts';

export function HomeHero() {
  const { t } = useTranslation();
  const siteText = useSiteText();
  const config = useCompanyConfiguration();
  const companyName = config?.companyName.trim();
  const video = usableMediaPath(config?.companyVideoPath);
  const session = useSession();
  // Buying needs an account: visitors go to log in first (spec: product select when logged out).
  const buyNowHref = session.isLoggedIn ? paths.marketplace.getHref('all') : paths.login.getHref();

  return (
    <section className={classes.hero} aria-labelledby="home-headline">
      <Container className={classes.heroInner}>
        <Stack gap="lg" align="flex-start">
          {companyName && <Text className={classes.eyebrow}>{companyName}</Text>}
          <Title order={1} id="home-headline" className={classes.headline}>
            {siteText('homeHeadline', t('home.headline'))}
          </Title>
          <Text className={classes.subline}>
            {siteText('homeSubline', companyName ? t('home.subline', { companyName }) : t('home.sublineNoCompany'))}
          </Text>
          <Group gap="sm" mt="xs">
            <Button
              component={Link}
              to={paths.marketplace.getHref('all')}
              size="md"
              rightSection={<IconArrowRight size={18} aria-hidden />}
            >
              {t('home.explore')}
            </Button>
            <Button component={Link} to={buyNowHref} size="md" variant="default">
              {t('home.buyNow')}
            </Button>
          </Group>
        </Stack>
        {video ? <CompanyVideo src={video} title={t('home.videoTitle', { companyName: companyName ?? '' })} /> : <HeroIllustration />}
      </Container>
    </section>
  );
}
