import { Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../paths.ts';
import classes from './header.module.css';
import type { NavLinkItem, NavModel } from './use-nav-model.ts';

function DropdownMenu({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Menu trigger="click-hover" openDelay={60} closeDelay={120} position="bottom-start" offset={6}>
      <Menu.Target>
        <UnstyledButton className={classes.link}>
          {label}
          <IconChevronDown size={14} stroke={1.8} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown miw={220}>{children}</Menu.Dropdown>
    </Menu>
  );
}

function ExternalMenuItem({ item }: { item: NavLinkItem }) {
  return (
    <Menu.Item
      component="a"
      href={item.href}
      target="_blank"
      rel="noopener noreferrer"
      rightSection={<IconExternalLink size={14} stroke={1.6} aria-hidden />}
    >
      {item.label}
    </Menu.Item>
  );
}

/** A dropdown of in-app links (My Products, Support); two entries may share an address. */
function LinkMenu({ label, items }: { label: string; items: NavLinkItem[] }) {
  return (
    <DropdownMenu label={label}>
      {items.map((item) => (
        <Menu.Item key={item.label} component={Link} to={item.href}>
          {item.label}
        </Menu.Item>
      ))}
    </DropdownMenu>
  );
}

export function DesktopNav({ model }: { model: NavModel }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.mainNavigation')} className={classes.desktopNav}>
      <NavLink to={paths.home.getHref()} className={classes.link}>
        {t('nav.home')}
      </NavLink>
      <DropdownMenu label={t('nav.marketplace')}>
        {model.productsAndServices.length > 0 && (
          <>
            <Menu.Label>{t('nav.productsAndServices')}</Menu.Label>
            {model.productsAndServices.map((item) => (
              <Menu.Item key={item.href} component={Link} to={item.href} pl="lg">
                {item.label}
              </Menu.Item>
            ))}
            <Menu.Divider />
          </>
        )}
        {model.marketplace.map((item) => (
          <Menu.Item key={item.href} component={Link} to={item.href}>
            {item.label}
          </Menu.Item>
        ))}
      </DropdownMenu>
      {model.myProducts.length > 0 && <LinkMenu label={t('header.myProducts')} items={model.myProducts} />}
      {model.support.length > 0 && <LinkMenu label={t('header.support')} items={model.support} />}
      {model.wwwHref && (
        <a href={model.wwwHref} target="_blank" rel="noopener noreferrer" className={classes.link}>
          {t('nav.www')}
          <IconExternalLink size={14} stroke={1.6} aria-hidden />
        </a>
      )}
      <NavLink to={paths.news.getHref()} className={classes.link}>
        {t('nav.news')}
      </NavLink>
      {model.benefits.length > 0 && (
        <DropdownMenu label={t('nav.benefits')}>
          {model.benefits.map((item) => (
            <ExternalMenuItem key={`${item.label}-${item.href}`} item={item} />
          ))}
        </DropdownMenu>
      )}
    </nav>
  );
}
