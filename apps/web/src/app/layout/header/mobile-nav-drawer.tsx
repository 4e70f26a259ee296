import { Button, Divider, Drawer, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconUserCircle } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../paths.ts';
import { LanguageSwitch } from '../language-switch.tsx';
import classes from './header.module.css';
import type { NavLinkItem, NavModel } from './use-nav-model.ts';

/** A labelled group of in-app links in the drawer; nothing when empty (visitors). */
function DrawerLinkSection({ label, items, onNavigate }: { label: string; items: NavLinkItem[]; onNavigate: () => void }) {
  if (items.length === 0) return null;
  return (
    <>
      <div className={classes.drawerSection}>{label}</div>
      {items.map((item) => (
        <Link key={item.label} to={item.href} className={`${classes.drawerLink} ${classes.subLink}`} onClick={onNavigate}>
          {item.label}
        </Link>
      ))}
    </>
  );
}

type MobileNavDrawerProps = {
  model: NavModel;
  showLogin: boolean;
  customerName?: string;
  opened: boolean;
  close: () => void;
};

/**
 * The phone navigation's drawer: the same entries as the desktop bar, closing on every choice.
 * A chunk of its own (mobile-nav.tsx), fetched when the burger is first approached.
 */
export default function MobileNavDrawer({ model, showLogin, customerName, opened, close }: MobileNavDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={close} position="right" size="85%" title={t('nav.menuTitle')} padding="md">
      {/* First, where it is found without scrolling; each language named in itself. */}
      <LanguageSwitch variant="drawer" />
      <Divider my="sm" />
      <nav aria-label={t('nav.mainNavigation')}>
        <Stack gap={2}>
          <NavLink to={paths.home.getHref()} className={classes.drawerLink} onClick={close}>
            {t('nav.home')}
          </NavLink>
          <div className={classes.drawerSection}>{t('nav.marketplace')}</div>
          {model.productsAndServices.length > 0 && (
            <>
              <div className={`${classes.drawerSubsection} ${classes.subLink}`}>{t('nav.productsAndServices')}</div>
              {model.productsAndServices.map((item) => (
                <NavLink key={item.href} to={item.href} className={`${classes.drawerLink} ${classes.subSubLink}`} onClick={close}>
                  {item.label}
                </NavLink>
              ))}
            </>
          )}
          {model.marketplace.map((item) => (
            <NavLink key={item.href} to={item.href} className={`${classes.drawerLink} ${classes.subLink}`} onClick={close}>
              {item.label}
            </NavLink>
          ))}
          <DrawerLinkSection label={t('header.myProducts')} items={model.myProducts} onNavigate={close} />
          <DrawerLinkSection label={t('header.support')} items={model.support} onNavigate={close} />
          {model.wwwHref && (
            <a href={model.wwwHref} target="_blank" rel="noopener noreferrer" className={classes.drawerLink} onClick={close}>
              {t('nav.www')}
              <IconExternalLink size={16} stroke={1.6} aria-hidden />
            </a>
          )}
          <NavLink to={paths.news.getHref()} className={classes.drawerLink} onClick={close}>
            {t('nav.news')}
          </NavLink>
          {model.benefits.length > 0 && (
            <>
              <div className={classes.drawerSection}>{t('nav.benefits')}</div>
              {model.benefits.map((item) => (
                <a
                  key={`${item.label}-${item.href}`}
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${classes.drawerLink} ${classes.subLink}`}
                  onClick={close}
                >
                  {item.label}
                  <IconExternalLink size={16} stroke={1.6} aria-hidden />
                </a>
              ))}
            </>
          )}
        </Stack>
      </nav>
      {customerName && (
        <>
          <Divider my="md" />
          <Text size="sm" c="dimmed" px={12} mb="xs">
            {t('header.signedInAs', { name: customerName })}
          </Text>
          <Button
            component={Link}
            to={paths.customerProfile.getHref(2)}
            variant="light"
            fullWidth
            leftSection={<IconUserCircle size={18} stroke={1.7} aria-hidden />}
            onClick={close}
          >
            {t('header.profile')}
          </Button>
        </>
      )}
      {showLogin && (
        <>
          <Divider my="md" />
          <Button component={Link} to={paths.login.getHref()} fullWidth onClick={close}>
            {t('nav.registerLogin')}
          </Button>
        </>
      )}
    </Drawer>
  );
}
