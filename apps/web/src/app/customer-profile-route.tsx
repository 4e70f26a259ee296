import { CustomerProfilePage } from '../features/account/pages/customer-profile-page.tsx';
import { PurchaseHistoryPanel } from '../features/invoices/components/purchase-history-panel.tsx';
import { RaiseTicketButton } from '../features/tickets/components/raise-ticket-button.tsx';
import { TicketsPanel } from '../features/tickets/components/tickets-panel.tsx';
import { ArchivedPanel } from '../features/vms/components/archived-panel.tsx';
import { BackupPanel } from '../features/vms/components/backup-panel.tsx';
import { ProductsPanel } from '../features/vms/components/products-panel.tsx';
import { RenewalsPanel } from '../features/vms/components/renewals-panel.tsx';

/**
 * /customerprofile/{id}: the account page with the features' panels — the customer's VMs
 * (Products, with Raise New Ticket in its unblock modal), their orders and invoices (Purchase
 * History), renewals, the tickets list, clones and snapshots (Backup), archived VMs, and Raise New
 * Ticket beside the tabs.
 */
export default function CustomerProfileRoute() {
  return (
    <CustomerProfilePage
      ticketsPanel={<TicketsPanel />}
      raiseTicketAction={<RaiseTicketButton />}
      vmPanels={{
        products: <ProductsPanel raiseTicketAction={<RaiseTicketButton />} />,
        purchaseHistory: <PurchaseHistoryPanel />,
        renewals: <RenewalsPanel />,
        backup: <BackupPanel />,
        archived: <ArchivedPanel />,
      }}
    />
  );
}
