import { CustomerProfilePage } from '../features/account/pages/customer-profile-page.tsx';
import { PurchaseHistoryPanel } from '../features/invoices/components/purchase-history-panel.tsx';
import { RaiseTicketButton } from '../features/tickets/components/raise-ticket-button.tsx';
import { TicketsPanel } from '../features/tickets/components/tickets-panel.tsx';
import { ProductsPanel } from '../features/vms/components/products-panel.tsx';

/**
 * /customerprofile/{id}: the account page with the features' panels — the customer's VMs
 * (Products), their orders and invoices (Purchase History), the tickets list and Raise New Ticket.
 */
export default function CustomerProfileRoute() {
  return (
    <CustomerProfilePage
      ticketsPanel={<TicketsPanel />}
      raiseTicketAction={<RaiseTicketButton />}
      vmPanels={{ products: <ProductsPanel />, purchaseHistory: <PurchaseHistoryPanel /> }}
    />
  );
}
