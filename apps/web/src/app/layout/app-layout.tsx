import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useConfigurationRouting } from '../use-configuration-routing.ts';
import classes from './app-layout.module.css';
import { ConfigurationErrorBanner } from './configuration-error-banner.tsx';
import { SiteFooter } from './footer/site-footer.tsx';
import { GlobalLoadingOverlay } from './global-loading-overlay.tsx';
import { SiteHeader } from './header/site-header.tsx';
import { PageFallback } from './page-fallback.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';

export function AppLayout() {
  const { t } = useTranslation();
  useConfigurationRouting();
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        {t('nav.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className={classes.main} tabIndex={-1}>
        <ConfigurationErrorBanner />
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <GlobalLoadingOverlay />
      <ScrollRestoration />
    </div>
  );
}
