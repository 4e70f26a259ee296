import { lazy, Suspense, useEffect, useState } from 'react';
import { ActionIcon, Button, Container } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLogin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCompanyConfigurationQuery } from '../../../api/company/get-company-configuration.ts';
import { NARROW_HEADER } from '../../../boot/early-start.ts';
import { useIdleTurn } from '../../../lib/first-screen.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { paths } from '../../paths.ts';
import { HeaderLanguageButton } from './header-language-button.tsx';
import { HeaderSkeleton } from './header-skeleton.tsx';
import classes from './header.module.css';
import { MobileNav } from './mobile-nav.tsx';
import { SiteLogo } from './site-logo.tsx';
import { useNavModel } from './use-nav-model.ts';

// Customers only: visitors' first load does not carry the bell, the dialogs or their texts.
const CustomerActions = lazy(() => import('./customer-actions.tsx'));

type DesktopNavComponent = (typeof import('./desktop-nav.tsx'))['DesktopNav'];
let desktopNav: DesktopNavComponent | undefined;
let desktopNavLoading: Promise<DesktopNavComponent> | undefined;

/**
 * The desktop bar's code (its dropdown menus and their positioning library) is not in the first
 * load: phones never show it. Wide screens fetch it from the start (boot/early-start.ts preloads
 * it, this module asks for it when it runs), so it is usually here for the first render.
 */
function loadDesktopNav(): Promise<DesktopNavComponent> {
  desktopNavLoading ??= import('./desktop-nav.tsx').then(
    (module) => (desktopNav = module.DesktopNav),
    (error: unknown) => {
      desktopNavLoading = undefined;
      throw error;
    },
  );
  return desktopNavLoading;
}
if (typeof window !== 'undefined' && !window.matchMedia(NARROW_HEADER).matches) void loadDesktopNav().catch(() => undefined);

/** The desktop bar's component once its code is here; undefined on narrow screens. */
function useDesktopNav(wide: boolean): DesktopNavComponent | undefined {
  const [Nav, setNav] = useState(() => desktopNav);
  useEffect(() => {
    if (!wide || Nav) return;
    let live = true;
    loadDesktopNav().then(
      (loaded) => live && setNav(() => loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wide, Nav]);
  return wide ? Nav : undefined;
}

export function SiteHeader() {
  const { t } = useTranslation();
  const query = useCompanyConfigurationQuery();
  const session = useSession();
  // Narrow phones: the 170 px logo, a labelled button and the burger do not fit on one line, so
  // the header shows an icon and the drawer carries the full button.
  const isNarrow = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  // The desktop bar is rendered only where it shows (phones: the burger's drawer instead).
  const narrowBar = useMediaQuery(NARROW_HEADER, false, { getInitialValueInEffect: false });
  const DesktopNav = useDesktopNav(!narrowBar);
  // The desktop bar shows the menus at once. The phone's drawer is closed: its menus' calls wait
  // for the first idle turn after the first paint, instead of going out with the first screen's.
  const model = useNavModel(useIdleTurn(narrowBar) || !narrowBar);
  const showLogin = !session.isLoggedIn;
  const customerName = session.isLoggedIn ? `${session.firstName} ${session.lastName}`.trim() : undefined;

  if (query.isPending) return <HeaderSkeleton />;

  return (
    <header className={classes.header} data-customer={customerName !== undefined || undefined}>
      <Container className={classes.inner}>
        <div className={classes.start}>
          <SiteLogo config={query.data?.data ?? null} />
          {DesktopNav && <DesktopNav model={model} />}
        </div>
        <div className={classes.end}>
          <HeaderLanguageButton />
          {showLogin && !isNarrow && (
            <Button component={Link} to={paths.login.getHref()} size="sm">
              {t('nav.registerLogin')}
            </Button>
          )}
          {showLogin && isNarrow && (
            <ActionIcon component={Link} to={paths.login.getHref()} size="lg" aria-label={t('nav.registerLogin')}>
              <IconLogin size={20} stroke={1.8} aria-hidden />
            </ActionIcon>
          )}
          {customerName !== undefined && (
            <Suspense fallback={<div className={classes.customerActionsPlaceholder} aria-hidden />}>
              <CustomerActions name={customerName} />
            </Suspense>
          )}
          <MobileNav model={model} showLogin={showLogin && isNarrow} customerName={customerName} />
        </div>
      </Container>
    </header>
  );
}
