import type { RefObject } from 'react';
import { ActionIcon, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import classes from './marketplace.module.css';

export type SectionLink = { id: string; label: string };

/** Title band: back arrow (to the previous page, spec), heading and links to each section. */
export function MarketplaceHeader({ sections, headingRef }: { sections: SectionLink[]; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // React Router numbers history entries; at the first entry there is no previous page to return to.
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(paths.home.getHref());
  };

  return (
    <div className={classes.band}>
      <Container py={{ base: 24, sm: 36 }}>
        <Group gap="md" align="flex-start" wrap="nowrap">
          <ActionIcon variant="default" size="lg" radius="xl" onClick={goBack} aria-label={t('marketplace.back')} mt={4}>
            <IconArrowLeft size={18} stroke={1.8} aria-hidden />
          </ActionIcon>
          <Stack gap={8} style={{ flex: 1, minWidth: 0 }}>
            <Title order={1} className={classes.title} ref={headingRef} tabIndex={-1}>
              {t('marketplace.title')}
            </Title>
            <Text c="dimmed" maw={680}>
              {t('marketplace.subtitle')}
            </Text>
            <nav aria-label={t('marketplace.sectionsNav')} className={classes.sectionNav}>
              {sections.map((s) => (
                <a key={s.id} href={`#${s.id}`} className={classes.sectionLink}>
                  {s.label}
                </a>
              ))}
            </nav>
          </Stack>
        </Group>
      </Container>
    </div>
  );
}
