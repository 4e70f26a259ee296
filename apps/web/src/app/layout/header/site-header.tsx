import { lazy, Suspense } from 'react';
import { ActionIcon, Button, Container } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLogin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCompanyConfigurationQuery } from '../../../api/company/get-company-configuration.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { paths } from '../../paths.ts';
import { DesktopNav } from './desktop-nav.tsx';
import { HeaderSkeleton } from './header-skeleton.tsx';
import classes from './header.module.css';
import { MobileNav } from './mobile-nav.tsx';
import { SiteLogo } from './site-logo.tsx';
import { useNavModel } from './use-nav-model.ts';

// Customers only: visitors' first load does not carry the bell, the dialogs or their texts.
const CustomerActions = lazy(() => import('./customer-actions.tsx'));

export function SiteHeader() {
  const { t } = useTranslation();
  const query = useCompanyConfigurationQuery();
  const session = useSession();
  const model = useNavModel();
  // Narrow phones: the 170 px logo, a labelled button and the burger do not fit on one line, so
  // the header shows an icon and the drawer carries the full button.
  const isNarrow = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  const showLogin = !session.isLoggedIn;
  const customerName = session.isLoggedIn ? `${session.firstName} ${session.lastName}`.trim() : undefined;

  if (query.isPending) return <HeaderSkeleton />;

  return (
    <header className={classes.header} data-customer={customerName !== undefined || undefined}>
      <Container className={classes.inner}>
        <div className={classes.start}>
          <SiteLogo config={query.data?.data ?? null} />
          <DesktopNav model={model} />
        </div>
        <div className={classes.end}>
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
