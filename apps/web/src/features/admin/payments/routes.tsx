import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const PaymentSettingsPage = lazy(() => import('./payment-settings-page.tsx'));
const OrdersPage = lazy(() => import('./orders-page.tsx'));
const OrderDetailPage = lazy(() => import('./order-detail-page.tsx'));
const VatReportPage = lazy(() => import('./vat-report-page.tsx'));

/** The console's payments pages, relative to /admin (see shell/admin-console.tsx). */
export const paymentsRoutes: RouteObject[] = [
  { path: 'c/:companyId/payments', element: <PaymentSettingsPage /> },
  { path: 'c/:companyId/orders', element: <OrdersPage /> },
  { path: 'c/:companyId/orders/vat-report', element: <VatReportPage /> },
  { path: 'c/:companyId/orders/:orderId', element: <OrderDetailPage /> },
];
