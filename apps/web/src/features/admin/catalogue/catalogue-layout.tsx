import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { Button, Group, Loader, ScrollArea, Title } from '@mantine/core';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { useWide } from '../shell/use-wide.ts';
// The Mantine CSS of the components only the catalogue uses (see app/mantine-styles.ts).
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import classes from './catalogue.module.css';

/** The catalogue's sub-pages, in menu order (paths relative to /admin/c/:companyId/catalogue). */
export const CATALOGUE_TABS = [
  { key: 'products', path: '' },
  { key: 'regions', path: 'regions' },
  { key: 'periods', path: 'periods' },
  { key: 'discounts', path: 'discounts' },
  { key: 'currency', path: 'currency' },
  { key: 'businessUnits', path: 'business-units' },
  { key: 'partnerClouds', path: 'partner-clouds' },
  { key: 'domains', path: 'domains' },
] as const;

/** The catalogue section: its heading, the sub-page links (a scrolling row on phones) and the page. */
export default function CatalogueLayout() {
  const { t } = useTranslation('adminCatalogue');
  const companyId = useScopedCompanyId();
  const { pathname } = useLocation();
  const root = `/admin/c/${companyId}/catalogue`;
  const first = (pathname.startsWith(root) ? pathname.slice(root.length) : '').replace(/^\/+/, '').split('/')[0] ?? '';
  const active = CATALOGUE_TABS.find((tab) => tab.path !== '' && tab.path === first)?.key ?? 'products';

  const wide = useWide();
  const activeLink = useRef<HTMLAnchorElement>(null);
  // On a phone the links scroll sideways: the current one is brought into view.
  useEffect(() => {
    if (!wide) activeLink.current?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [wide, active]);

  const links = (
    <Group gap={4} wrap={wide ? 'wrap' : 'nowrap'} className={classes.tabs}>
      {CATALOGUE_TABS.map((tab) => {
        const current = tab.key === active;
        return (
          <Button
            key={tab.key}
            ref={current ? activeLink : undefined}
            component={Link}
            to={tab.path ? `${root}/${tab.path}` : root}
            variant={current ? 'light' : 'subtle'}
            color={current ? undefined : 'gray'}
            size={wide ? 'compact-sm' : 'compact-md'}
            aria-current={current ? 'page' : undefined}
            className={classes.tab}
          >
            {t(`tabs.${tab.key}`)}
          </Button>
        );
      })}
    </Group>
  );

  return (
    <>
      <Title order={1} size="h2" mb="sm">
        {t('title')}
      </Title>
      {wide ? (
        <nav aria-label={t('tabs.label')} className={classes.tabsNav}>
          {links}
        </nav>
      ) : (
        <ScrollArea type="auto" offsetScrollbars scrollbarSize={6} mb="lg" component="nav" aria-label={t('tabs.label')}>
          {links}
        </ScrollArea>
      )}
      <Suspense fallback={<Loader aria-label={t('common.loading')} />}>
        <Outlet />
      </Suspense>
    </>
  );
}
