import { lazy } from 'react';
import { preloadablePage } from './preloadable-page.tsx';

// Every page is its own chunk: the first load carries only the layout and the page in view.
// Home, where most visits land, can be fetched before the first render (main.tsx).
export const HomePage = preloadablePage(() => import('../features/home/pages/home-page.tsx'));
export const AboutPage = lazy(() => import('../features/content/pages/about-page.tsx'));

export const LoginPage = lazy(() => import('../features/auth/pages/login-page.tsx'));
export const SignupPage = lazy(() => import('../features/auth/pages/signup-page.tsx'));
export const LoginOtpPage = lazy(() => import('../features/auth/pages/login-otp-page.tsx'));
export const ForgetPasswordPage = lazy(() => import('../features/auth/pages/forget-password-page.tsx'));
export const ForgotUsernamePage = lazy(() => import('../features/auth/pages/forgot-username-page.tsx'));
export const RecoverPasswordPage = lazy(() => import('../features/auth/pages/recover-password-page.tsx'));
export const UnsubscribePage = lazy(() => import('../features/newsletter/pages/unsubscribe-page.tsx'));

export const TermsPage = lazy(() => import('../features/content/pages/terms-page.tsx'));
export const PrivacyPage = lazy(() => import('../features/content/pages/privacy-page.tsx'));
export const FaqPage = lazy(() => import('../features/content/pages/faq-page.tsx'));
export const HelpPage = lazy(() => import('../features/content/pages/help-page.tsx'));
export const NewsPage = lazy(() => import('../features/news/pages/news-page.tsx'));

export const MarketplacePage = lazy(() => import('../features/marketplace/pages/marketplace-page.tsx'));
export const PartnerCloudServicesPage = lazy(() => import('../features/partner-clouds/pages/partner-cloud-services-page.tsx'));
export const BusinessUnitPage = lazy(() => import('../features/business-units/pages/business-unit-page.tsx'));
export const ProductDetailsPage = lazy(() => import('../features/purchase/pages/product-details-page.tsx'));
export const CustomerProfilePage = lazy(() => import('./customer-profile-route.tsx'));
export const SavedItemsPage = lazy(() => import('../features/saved/pages/saved-items-page.tsx'));
export const TicketDetailsPage = lazy(() => import('../features/tickets/pages/ticket-details-page.tsx'));

export const CompanyNotRegisteredPage = lazy(() => import('../features/company/pages/company-not-registered-page.tsx'));
export const UnderMaintenancePage = lazy(() => import('../features/company/pages/under-maintenance-page.tsx'));
export const RedirectPage = lazy(() => import('../features/auth/pages/redirect-page.tsx'));

export const PurchaseDetailsPage = lazy(() => import('../features/purchase/pages/purchase-details-page.tsx'));
export const BuyCloneVmPage = lazy(() => import('../features/purchase/pages/buy-clone-vm-page.tsx'));
export const BuySnapshotVmPage = lazy(() => import('../features/purchase/pages/buy-snapshot-vm-page.tsx'));
export const RenewVmPage = lazy(() => import('../features/purchase/pages/renew-vm-page.tsx'));
export const UpdateVmPage = lazy(() => import('../features/purchase/pages/update-vm-page.tsx'));
export const RenewMultipleVmPage = lazy(() => import('../features/purchase/pages/renew-multiple-vm-page.tsx'));

export const TransactionStatusPage = lazy(() => import('../features/payments/pages/transaction-status-page.tsx'));
export const PurchaseSuccessfulPage = lazy(() => import('../features/payments/pages/purchase-successful-page.tsx'));
export const PurchaseFailedPage = lazy(() => import('../features/payments/pages/purchase-failed-page.tsx'));
export const OzowPaymentFormPage = lazy(() => import('../features/payments/pages/ozow-payment-form-page.tsx'));
export const PaymentPage = lazy(() => import('../features/payments/pages/payment-page.tsx'));
export const DownloadInvoicePage = lazy(() => import('../features/invoices/pages/download-invoice-page.tsx'));
export const DownloadCreditNotePage = lazy(() => import('../features/invoices/pages/download-credit-note-page.tsx'));

// The operator console: one entry; its sections are chunks of their own (features/admin/*/routes.tsx).
export const AdminConsole = lazy(() => import('../features/admin/shell/admin-console.tsx'));
export const SupportSessionPage = lazy(() => import('../features/support-session/support-session-page.tsx'));
