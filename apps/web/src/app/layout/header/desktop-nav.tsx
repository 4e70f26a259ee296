import { useState, type ReactNode } from 'react';
import { IconExternalLink } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IntentPlaceholder, newHandover, type Handover } from '../../../components/intent-placeholder.tsx';
import { codeOnIntent } from '../../../lib/code-on-intent.ts';
import { paths } from '../../paths.ts';
import classes from './header.module.css';
import { MenuButton } from './menu-button.tsx';
import type { NavModel } from './use-nav-model.ts';

type DesktopMenus = typeof import('./desktop-menus.tsx');

/**
 * The dropdowns' code (Mantine's Menu, Popover and Floating UI: about 30 KB gzip) is not part of
 * the first load: it is fetched when the pointer enters the bar, something in it is focused, or a
 * menu's button is pressed, and the real menus then replace their stand-in buttons.
 */
const menus = codeOnIntent<DesktopMenus>(() => import('./desktop-menus.tsx'));

type MenuProps = { label: string; handover: Handover };

/** A menu's stand-in button until the menus' code is here, then the menu `render` returns. */
function MenuSlot({ label, render }: { label: string; render: (code: DesktopMenus, menu: MenuProps) => ReactNode }) {
  const code = menus.useCode();
  const [handover] = useState(newHandover);
  if (code) return render(code, { label, handover });
  return (
    <IntentPlaceholder want={menus.want} handover={handover}>
      <MenuButton label={label} aria-haspopup="menu" aria-expanded={false} />
    </IntentPlaceholder>
  );
}

export function DesktopNav({ model }: { model: NavModel }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.mainNavigation')} className={classes.desktopNav} onPointerEnter={menus.want} onFocus={menus.want}>
      <NavLink to={paths.home.getHref()} className={classes.link}>
        {t('nav.home')}
      </NavLink>
      <MenuSlot label={t('nav.marketplace')} render={(code, menu) => <code.MarketplaceMenu {...menu} model={model} />} />
      {model.myProducts.length > 0 && (
        <MenuSlot label={t('header.myProducts')} render={(code, menu) => <code.LinkMenu {...menu} items={model.myProducts} />} />
      )}
      {model.support.length > 0 && (
        <MenuSlot label={t('header.support')} render={(code, menu) => <code.LinkMenu {...menu} items={model.support} />} />
      )}
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
        <MenuSlot label={t('nav.benefits')} render={(code, menu) => <code.ExternalMenu {...menu} items={model.benefits} />} />
      )}
    </nav>
  );
}
