import { Burger, Button, Divider, Drawer, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../paths.ts';
import classes from './header.module.css';
import type { NavModel } from './use-nav-model.ts';

/** Phone navigation: the same entries as the desktop bar, in a drawer that closes on every choice. */
/** `showLogin`: the header had no room for the labelled button, so the drawer offers it. */
export function MobileNav({ model, showLogin }: { model: NavModel; showLogin: boolean }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);

  return (
    <>
      <Burger
        className={classes.burger}
        opened={opened}
        onClick={toggle}
        size="sm"
        aria-label={t('nav.openMenu')}
        aria-expanded={opened}
      />
      <Drawer opened={opened} onClose={close} position="right" size="85%" title={t('nav.menuTitle')} padding="md">
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
        {showLogin && (
          <>
            <Divider my="md" />
            <Button component={Link} to={paths.login.getHref()} fullWidth onClick={close}>
              {t('nav.registerLogin')}
            </Button>
          </>
        )}
      </Drawer>
    </>
  );
}
