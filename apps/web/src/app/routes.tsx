import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout.tsx';
import * as Page from './lazy-pages.ts';
import { paths } from './paths.ts';

/** Every route of both spec documents, inside the shared layout. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <Navigate to={paths.home.getHref()} replace /> },
      { path: paths.home.path, element: <Page.HomePage /> },
      { path: paths.about.path, element: <Page.AboutPage /> },

      { path: paths.login.path, element: <Page.LoginPage /> },
      { path: paths.signup.path, element: <Page.SignupPage /> },
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
      { path: paths.productDetails.path, element: <Page.ProductDetailsPage /> },
      { path: paths.customerProfile.path, element: <Page.CustomerProfilePage /> },
      { path: paths.savedItems.path, element: <Page.SavedItemsPage /> },
      { path: paths.ticketDetails.path, element: <Page.TicketDetailsPage /> },

      { path: paths.companyNotRegistered.path, element: <Page.CompanyNotRegisteredPage /> },
      { path: paths.underMaintenance.path, element: <Page.UnderMaintenancePage /> },
      { path: paths.redirect.path, element: <Page.RedirectPage /> },

      { path: paths.purchaseDetails.path, element: <Page.PurchaseDetailsPage /> },
      { path: paths.buyCloneVm.path, element: <Page.BuyCloneVmPage /> },
      { path: paths.buySnapshotVm.path, element: <Page.BuySnapshotVmPage /> },
      { path: paths.renewVm.path, element: <Page.RenewVmPage /> },
      { path: paths.updateVm.path, element: <Page.UpdateVmPage /> },
      { path: paths.renewMultipleVm.path, element: <Page.RenewMultipleVmPage /> },
      { path: paths.transactionStatus.path, element: <Page.TransactionStatusPage /> },
      { path: paths.transactionStatusPaypal.path, element: <Page.TransactionStatusPage /> },
      { path: paths.transactionStatusPesapal.path, element: <Page.TransactionStatusPage /> },
      { path: paths.transactionStatusPayfast.path, element: <Page.TransactionStatusPage /> },
      { path: paths.purchaseSuccessful.path, element: <Page.PurchaseSuccessfulPage /> },
      { path: paths.purchaseFailed.path, element: <Page.PurchaseFailedPage /> },
      { path: paths.ozowPaymentForm.path, element: <Page.OzowPaymentFormPage /> },
      { path: paths.payment.path, element: <Page.PaymentPage /> },
      { path: paths.downloadInvoice.path, element: <Page.DownloadInvoicePage /> },

      // Spec: any unknown path shows the home page (rendered in place, not a redirect).
      { path: paths.notFound.path, element: <Page.HomePage /> },
    ],
  },
];
