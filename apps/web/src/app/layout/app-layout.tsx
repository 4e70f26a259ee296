import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { paths } from '../paths.ts';
import { useConfigurationRouting } from '../use-configuration-routing.ts';
import classes from './app-layout.module.css';
import { ConfigurationErrorBanner } from './configuration-error-banner.tsx';
import { SiteFooter } from './footer/site-footer.tsx';
import { GlobalLoadingOverlay } from './global-loading-overlay.tsx';
import { SiteHeader } from './header/site-header.tsx';
import { PageFallback } from './page-fallback.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';

/** The pages shown while the site is not open (unknown company, maintenance), matched as the router does. */
const STATUS_PATHS = [paths.companyNotRegistered.path, paths.underMaintenance.path].map((p) => p.toLowerCase());
export const isStatusPage = (pathname: string) => STATUS_PATHS.includes(pathname.toLowerCase().replace(/\/+$/, ''));

/** What a status page keeps of the shell: a line with the year, no navigation, login or newsletter (they could only fail). */
function StatusFooter() {
  return (
    <footer className={classes.statusFooter}>
      <span>© {new Date().getFullYear()}</span>
    </footer>
  );
}

export function AppLayout() {
  const { t } = useTranslation();
  useConfigurationRouting();
  const status = isStatusPage(useLocation().pathname);
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        {t('nav.skipToContent')}
      </a>
      {!status && <SiteHeader />}
      <main id="main" className={classes.main} tabIndex={-1}>
        <ConfigurationErrorBanner />
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      {status ? <StatusFooter /> : <SiteFooter />}
      <GlobalLoadingOverlay />
      <ScrollRestoration />
    </div>
  );
}
