import { Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { SessionKeeper } from '../lib/session/session-keeper.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import * as Page from './lazy-pages.ts';
import { paths } from './paths.ts';
import { RequireCustomer } from './require-customer.tsx';
import { VisitorOnly } from './visitor-only.tsx';

/** Customer-only page (spec section 6): visitors are sent to /customerlogin. */
const customer = (page: ReactNode) => <RequireCustomer>{page}</RequireCustomer>;

/** Every route of both spec documents, inside the shared layout. */
export const routes: RouteObject[] = [
  // The operator console (issue 7): its own layout and chunk, outside the customer site's.
  {
    path: paths.admin.path,
    element: (
      <Suspense fallback={null}>
        <Page.AdminConsole />
      </Suspense>
    ),
  },
  {
    element: (
      <>
        <SessionKeeper />
        <AppLayout />
      </>
    ),
    children: [
      { index: true, element: <Navigate to={paths.home.getHref()} replace /> },
      { path: paths.home.path, element: <Page.HomePage /> },
      { path: paths.about.path, element: <Page.AboutPage /> },

      {
        path: paths.login.path,
        element: (
          <VisitorOnly>
            <Page.LoginPage />
          </VisitorOnly>
        ),
      },
      {
        path: paths.signup.path,
        element: (
          <VisitorOnly>
            <Page.SignupPage />
          </VisitorOnly>
        ),
      },
      { path: paths.loginOtp.path, element: <Page.LoginOtpPage /> },
      { path: paths.forgetPassword.path, element: <Page.ForgetPasswordPage /> },
      { path: paths.forgotUsername.path, element: <Page.ForgotUsernamePage /> },
      { path: paths.recoverPassword.path, element: <Page.RecoverPasswordPage /> },
      { path: paths.updatePassword.path, element: <Page.RecoverPasswordPage /> },
      { path: paths.newsletter.path, element: <Page.UnsubscribePage /> },

      { path: paths.terms.path, element: <Page.TermsPage /> },
      { path: paths.privacy.path, element: <Page.PrivacyPage /> },
      { path: paths.faq.path, element: <Page.FaqPage /> },
      { path: paths.help.path, element: <Page.HelpPage /> },
      { path: paths.news.path, element: <Page.NewsPage /> },

      { path: paths.marketplace.path, element: <Page.MarketplacePage /> },
      { path: paths.businessUnit.path, element: <Page.BusinessUnitPage /> },
      { path: paths.partnerCloudServices.path, element: <Page.PartnerCloudServicesPage /> },
      // Spec: product details shows the login screen in place for visitors.
      {
        path: paths.productDetails.path,
        element: (
          <RequireCustomer visitor={<Page.LoginPage />}>
            <Page.ProductDetailsPage />
          </RequireCustomer>
        ),
      },
      { path: paths.customerProfile.path, element: customer(<Page.CustomerProfilePage />) },
      { path: paths.savedItems.path, element: customer(<Page.SavedItemsPage />) },
      { path: paths.ticketDetails.path, element: customer(<Page.TicketDetailsPage />) },

      { path: paths.companyNotRegistered.path, element: <Page.CompanyNotRegisteredPage /> },
      { path: paths.underMaintenance.path, element: <Page.UnderMaintenancePage /> },
      { path: paths.redirect.path, element: <Page.RedirectPage /> },

      { path: paths.purchaseDetails.path, element: customer(<Page.PurchaseDetailsPage />) },
      { path: paths.buyCloneVm.path, element: customer(<Page.BuyCloneVmPage />) },
      { path: paths.buySnapshotVm.path, element: customer(<Page.BuySnapshotVmPage />) },
      { path: paths.renewVm.path, element: customer(<Page.RenewVmPage />) },
      { path: paths.updateVm.path, element: customer(<Page.UpdateVmPage />) },
      { path: paths.renewMultipleVm.path, element: customer(<Page.RenewMultipleVmPage />) },
      { path: paths.transactionStatus.path, element: customer(<Page.TransactionStatusPage />) },
      { path: paths.transactionStatusPaypal.path, element: customer(<Page.TransactionStatusPage />) },
      { path: paths.transactionStatusPesapal.path, element: customer(<Page.TransactionStatusPage />) },
      { path: paths.transactionStatusPayfast.path, element: customer(<Page.TransactionStatusPage />) },
      { path: paths.purchaseSuccessful.path, element: customer(<Page.PurchaseSuccessfulPage />) },
      { path: paths.purchaseFailed.path, element: customer(<Page.PurchaseFailedPage />) },
      { path: paths.ozowPaymentForm.path, element: customer(<Page.OzowPaymentFormPage />) },
      { path: paths.payment.path, element: customer(<Page.PaymentPage />) },
      { path: paths.downloadInvoice.path, element: <Page.DownloadInvoicePage /> },
      { path: paths.downloadCreditNote.path, element: <Page.DownloadCreditNotePage /> },

      { path: paths.supportSession.path, element: <Page.SupportSessionPage /> },

      // Spec: any unknown path shows the home page (rendered in place, not a redirect).
      { path: paths.notFound.path, element: <Page.HomePage /> },
    ],
  },
];
