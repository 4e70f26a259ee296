import { useRef, type ReactNode } from 'react';
import { Menu } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTakeOver, type Handover } from '../../../components/intent-placeholder.tsx';
import { MenuButton } from './menu-button.tsx';
import type { NavLinkItem, NavModel } from './use-nav-model.ts';

/**
 * The desktop bar's dropdown menus: Mantine's Menu with its positioning and focus code, a chunk
 * loaded when someone first reaches for a menu (desktop-nav.tsx). Each takes over from the
 * stand-in button it replaces: its focus, and a click that came before this code.
 */
type MenuProps = { label: string; handover: Handover };

function DropdownMenu({ label, handover, children }: MenuProps & { children: ReactNode }) {
  const target = useRef<HTMLButtonElement>(null);
  useTakeOver(handover, target);
  return (
    <Menu trigger="click-hover" openDelay={60} closeDelay={120} position="bottom-start" offset={6}>
      <Menu.Target>
        <MenuButton ref={target} label={label} />
      </Menu.Target>
      <Menu.Dropdown miw={220}>{children}</Menu.Dropdown>
    </Menu>
  );
}

/** Marketplace: the business units under Products And Services, then the marketplace's pages. */
export function MarketplaceMenu({ model, ...menu }: MenuProps & { model: NavModel }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu {...menu}>
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
  );
}

/** A dropdown of in-app links (My Products, Support); two entries may share an address. */
export function LinkMenu({ items, ...menu }: MenuProps & { items: NavLinkItem[] }) {
  return (
    <DropdownMenu {...menu}>
      {items.map((item) => (
        <Menu.Item key={item.label} component={Link} to={item.href}>
          {item.label}
        </Menu.Item>
      ))}
    </DropdownMenu>
  );
}

/** The company's Benefits: external addresses, each opening in a new tab. */
export function ExternalMenu({ items, ...menu }: MenuProps & { items: NavLinkItem[] }) {
  return (
    <DropdownMenu {...menu}>
      {items.map((item) => (
        <Menu.Item
          key={`${item.label}-${item.href}`}
          component="a"
          href={item.href}
          target="_blank"
          rel="noopener noreferrer"
          rightSection={<IconExternalLink size={14} stroke={1.6} aria-hidden />}
        >
          {item.label}
        </Menu.Item>
      ))}
    </DropdownMenu>
  );
}
