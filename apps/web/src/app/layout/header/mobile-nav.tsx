import { lazy, Suspense, useState } from 'react';
import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import classes from './header.module.css';
import type { NavModel } from './use-nav-model.ts';

// The drawer (Mantine's Drawer, its focus trap and scroll lock) is not in the first load: its code
// is fetched when the burger is first pointed at, focused or pressed.
const MobileNavDrawer = lazy(() => import('./mobile-nav-drawer.tsx'));

/**
 * Phone navigation: a burger opening a drawer with the same entries as the desktop bar.
 * `showLogin`: the header had no room for the labelled button, so the drawer offers it.
 * `customerName`: a logged-in customer's name, which the header shows only on wide screens.
 */
export function MobileNav({ model, showLogin, customerName }: { model: NavModel; showLogin: boolean; customerName?: string }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);

  return (
    <>
      <Burger
        className={classes.burger}
        opened={opened}
        onPointerEnter={want}
        onPointerDown={want}
        onFocus={want}
        onClick={() => {
          want();
          toggle();
        }}
        size="sm"
        aria-label={t('nav.openMenu')}
        aria-expanded={opened}
      />
      {wanted && (
        <Suspense fallback={null}>
          <MobileNavDrawer model={model} showLogin={showLogin} customerName={customerName} opened={opened} close={close} />
        </Suspense>
      )}
    </>
  );
}
