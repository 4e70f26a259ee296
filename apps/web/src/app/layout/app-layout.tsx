import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useCompanyConfigurationQuery } from '../../api/company/get-company-configuration.ts';
import { paths } from '../paths.ts';
import { useConfigurationRouting } from '../use-configuration-routing.ts';
import classes from './app-layout.module.css';
import { ConfigurationErrorBanner } from './configuration-error-banner.tsx';
import { SiteFooter } from './footer/site-footer.tsx';
import { GlobalLoadingOverlay } from './global-loading-overlay.tsx';
import { SiteHeader } from './header/site-header.tsx';
import { SiteLogo } from './header/site-logo.tsx';
import { PageFallback } from './page-fallback.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';
import { SupportSessionBanner } from './support-session-banner.tsx';

/** The pages shown while the site is not open (unknown company, maintenance), matched as the router does. */
const STATUS_PATHS = [paths.companyNotRegistered.path, paths.underMaintenance.path].map((p) => p.toLowerCase());
export const isStatusPage = (pathname: string) => STATUS_PATHS.includes(pathname.toLowerCase().replace(/\/+$/, ''));

/** On the maintenance page the company is known: its logo heads the page, without links (home leads back here). */
function StatusHeader() {
  const config = useCompanyConfigurationQuery().data?.data ?? null;
  if (!config) return null;
  return (
    <header className={classes.statusHeader}>
      <SiteLogo config={config} linked={false} />
    </header>
  );
}

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
      <SupportSessionBanner />
      {status ? <StatusHeader /> : <SiteHeader />}
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
