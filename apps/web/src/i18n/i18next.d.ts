import 'i18next';
import type en from './en.json';
import type account from './account/en.json';
import type auth from './auth/en.json';
import type invoices from './invoices/en.json';
import type notifications from './notifications/en.json';
import type payments from './payments/en.json';
import type purchase from './purchase/en.json';
import type renewals from './renewals/en.json';
import type saved from './saved/en.json';
import type tickets from './tickets/en.json';
import type vms from './vms/en.json';
import type vmChanges from './vmChanges/en.json';
import type admin from './admin/en.json';
import type adminCompanies from './adminCompanies/en.json';
import type adminCatalogue from './adminCatalogue/en.json';
import type adminPayments from './adminPayments/en.json';
import type adminCustomers from './adminCustomers/en.json';
import type adminContent from './adminContent/en.json';
import type adminTickets from './adminTickets/en.json';
import type adminDashboard from './adminDashboard/en.json';
import type adminCustomerPrivacy from './adminCustomerPrivacy/en.json';

// Typed keys: a misspelt translation key fails the type check instead of showing the raw key.
// Each feature namespace is its own lazily loaded file (see i18n.ts).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      auth: typeof auth;
      account: typeof account;
      invoices: typeof invoices;
      notifications: typeof notifications;
      payments: typeof payments;
      purchase: typeof purchase;
      renewals: typeof renewals;
      saved: typeof saved;
      tickets: typeof tickets;
      vms: typeof vms;
      vmChanges: typeof vmChanges;
      admin: typeof admin;
      adminCompanies: typeof adminCompanies;
      adminCatalogue: typeof adminCatalogue;
      adminPayments: typeof adminPayments;
      adminCustomers: typeof adminCustomers;
      adminContent: typeof adminContent;
      adminTickets: typeof adminTickets;
      adminDashboard: typeof adminDashboard;
      adminCustomerPrivacy: typeof adminCustomerPrivacy;
    };
  }
}
