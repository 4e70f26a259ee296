import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CatalogueLayout = lazy(() => import('./catalogue-layout.tsx'));
const ProductsPage = lazy(() => import('./products-page.tsx'));
const ProductEditorPage = lazy(() => import('./product-editor-page.tsx'));
const RegionsPage = lazy(() => import('./regions-page.tsx'));
const PeriodsPage = lazy(() => import('./periods-page.tsx'));
const DiscountsPage = lazy(() => import('./discounts-page.tsx'));
const CurrencyPage = lazy(() => import('./currency-page.tsx'));
const BusinessUnitsPage = lazy(() => import('./business-units-page.tsx'));
const PartnerCloudsPage = lazy(() => import('./partner-clouds-page.tsx'));
const DomainsPage = lazy(() => import('./domains-page.tsx'));

/** The console's catalogue pages, relative to /admin (see shell/admin-console.tsx): one layout, a tab each. */
export const catalogueRoutes: RouteObject[] = [
  {
    path: 'c/:companyId/catalogue',
    element: <CatalogueLayout />,
    children: [
      { index: true, element: <ProductsPage /> },
      { path: 'products/new', element: <ProductEditorPage /> },
      { path: 'products/:productId', element: <ProductEditorPage /> },
      { path: 'regions', element: <RegionsPage /> },
      { path: 'periods', element: <PeriodsPage /> },
      { path: 'discounts', element: <DiscountsPage /> },
      { path: 'currency', element: <CurrencyPage /> },
      { path: 'business-units', element: <BusinessUnitsPage /> },
      { path: 'partner-clouds', element: <PartnerCloudsPage /> },
      { path: 'domains', element: <DomainsPage /> },
    ],
  },
];
