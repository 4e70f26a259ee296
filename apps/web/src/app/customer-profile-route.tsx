import { lazy, Suspense, type ReactNode } from 'react';
import { Skeleton, Stack } from '@mantine/core';
import { CustomerProfilePage } from '../features/account/pages/customer-profile-page.tsx';
import { RaiseTicketButton } from '../features/tickets/components/raise-ticket-button.tsx';
import { ProductsPanel } from '../features/vms/components/products-panel.tsx';

// Only the open tab's panel renders (the tabs keep no hidden panel mounted), so each panel but
// Products, the tab most visits open, is fetched the first time its tab opens: /customerprofile/2
// loads none of their code (issue 19's page budget).
const PurchaseHistoryPanel = lazy(() =>
  import('../features/invoices/components/purchase-history-panel.tsx').then((m) => ({ default: m.PurchaseHistoryPanel })),
);
const RenewalsPanel = lazy(() => import('../features/vms/components/renewals-panel.tsx').then((m) => ({ default: m.RenewalsPanel })));
const TicketsPanel = lazy(() => import('../features/tickets/components/tickets-panel.tsx').then((m) => ({ default: m.TicketsPanel })));
const BackupPanel = lazy(() => import('../features/vms/components/backup-panel.tsx').then((m) => ({ default: m.BackupPanel })));
const ArchivedPanel = lazy(() => import('../features/vms/components/archived-panel.tsx').then((m) => ({ default: m.ArchivedPanel })));

/** A panel whose code is still on its way: the list's place held, as the panels hold it while their data loads. */
function Later({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
        </Stack>
      }
    >
      {children}
    </Suspense>
  );
}

/**
 * /customerprofile/{id}: the account page with the features' panels — the customer's VMs
 * (Products, with Raise New Ticket in its unblock modal), their orders and invoices (Purchase
 * History), renewals, the tickets list, clones and snapshots (Backup), archived VMs, and Raise New
 * Ticket beside the tabs.
 */
export default function CustomerProfileRoute() {
  return (
    <CustomerProfilePage
      ticketsPanel={
        <Later>
          <TicketsPanel />
        </Later>
      }
      raiseTicketAction={<RaiseTicketButton />}
      vmPanels={{
        products: <ProductsPanel raiseTicketAction={<RaiseTicketButton />} />,
        purchaseHistory: (
          <Later>
            <PurchaseHistoryPanel />
          </Later>
        ),
        renewals: (
          <Later>
            <RenewalsPanel />
          </Later>
        ),
        backup: (
          <Later>
            <BackupPanel />
          </Later>
        ),
        archived: (
          <Later>
            <ArchivedPanel />
          </Later>
        ),
      }}
    />
  );
}
