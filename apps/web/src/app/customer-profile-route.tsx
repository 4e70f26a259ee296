import { CustomerProfilePage } from '../features/account/pages/customer-profile-page.tsx';
import { RaiseTicketButton } from '../features/tickets/components/raise-ticket-button.tsx';
import { TicketsPanel } from '../features/tickets/components/tickets-panel.tsx';

/** /customerprofile/{id}: the account page with the tickets feature's list and Raise New Ticket button. */
export default function CustomerProfileRoute() {
  return <CustomerProfilePage ticketsPanel={<TicketsPanel />} raiseTicketAction={<RaiseTicketButton />} />;
}
