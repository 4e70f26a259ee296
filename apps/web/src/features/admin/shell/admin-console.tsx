import { Suspense } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { accessPublicRoutes, accessRoutes } from '../access/routes.tsx';
import { catalogueRoutes } from '../catalogue/routes.tsx';
import { companiesRoutes } from '../companies/routes.tsx';
import { contentRoutes } from '../content/routes.tsx';
import { customersRoutes } from '../customers/routes.tsx';
import { dashboardRoutes } from '../dashboard/routes.tsx';
import { paymentsRoutes } from '../payments/routes.tsx';
import { ticketsRoutes } from '../tickets/routes.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { useOperatorSession } from './operator-session.ts';
import { RequireOperator } from './require-operator.tsx';

/** /admin itself: the owner starts on the companies, everyone else on their company's dashboard. */
function ConsoleStart() {
  const session = useOperatorSession();
  if (!session) return <Navigate to="/admin/login" replace />;
  const { operator } = session;
  return <Navigate to={operator.companyId === null ? '/admin/companies' : `/admin/c/${operator.companyId}/dashboard`} replace />;
}

const consoleRoutes: RouteObject[] = [
  ...accessPublicRoutes,
  {
    element: (
      <RequireOperator>
        <AdminLayout />
      </RequireOperator>
    ),
    children: [
      { index: true, element: <ConsoleStart /> },
      ...dashboardRoutes,
      ...companiesRoutes,
      ...catalogueRoutes,
      ...paymentsRoutes,
      ...customersRoutes,
      ...ticketsRoutes,
      ...contentRoutes,
      ...accessRoutes,
      { path: '*', element: <ConsoleStart /> },
    ],
  },
];

/**
 * The operator console (issue 7), mounted at /admin/* outside the customer site's layout: its own
 * chunk, so customers never download it. Routes are relative to /admin.
 */
export default function AdminConsole() {
  const element = useRoutes(consoleRoutes);
  return (
    <Suspense
      fallback={
        <Center h="100vh">
          <Loader />
        </Center>
      }
    >
      {element}
    </Suspense>
  );
}
