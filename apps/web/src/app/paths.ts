/**
 * Every route of both spec documents, in one place. Build links with `getHref()`; never by hand.
 * Matching is case-insensitive in React Router, so /businessUnit, /CustomerProfile and /SavedItem
 * reach the same routes as their lower-case spellings.
 */
const seg = (value: string | number) => encodeURIComponent(String(value));

/** Purchase kinds of document 2 (ARCHITECTURE rulings): 1 new, 2 clone or snapshot, 3 renew, 4 update, 5 multiple renew. */
export type PurchaseKind = 1 | 2 | 3 | 4 | 5;

/** OTP flag: 2 after login, 1 after signup. */
export type OtpFlag = 1 | 2;

/** Account tabs: 1 tickets, 2 virtual machines (the spec's two); 3 Purchase History (ours, where a payment notice leads). */
export type ProfileTab = 1 | 2 | 3;

/** A configuration /productdetails reopens: sizes, region id and time period in days. */
export type ConfigurationQuery = { ram?: number; disk?: number; cpu?: number; region?: number | null; days?: number | null };

export const paths = {
  root: { path: '/', getHref: () => '/' },
  home: { path: '/home', getHref: () => '/home' },
  /** The operator console (issue 7); its own routes live in features/admin. */
  admin: { path: '/admin/*', getHref: () => '/admin' },
  about: { path: '/about', getHref: () => '/about' },

  login: { path: '/customerlogin', getHref: () => '/customerlogin' },
  signup: { path: '/signup', getHref: () => '/signup' },
  loginOtp: {
    path: '/loginotp/:ID/:emailId/:flag',
    getHref: (id: string | number, emailId: string, flag: OtpFlag) => `/loginotp/${seg(id)}/${seg(emailId)}/${flag}`,
  },
  forgetPassword: { path: '/forgetpassword', getHref: () => '/forgetpassword' },
  forgotUsername: { path: '/forgotusername', getHref: () => '/forgotusername' },
  recoverPassword: { path: '/recoverpassword', getHref: () => '/recoverpassword' },
  updatePassword: { path: '/updatepassword', getHref: () => '/updatepassword' },
  newsletter: { path: '/newsletter', getHref: () => '/newsletter' },

  terms: { path: '/termcondition', getHref: () => '/termcondition' },
  privacy: { path: '/privacypolicy', getHref: () => '/privacypolicy' },
  faq: { path: '/Faq', getHref: () => '/Faq' },
  help: { path: '/help', getHref: () => '/help' },
  news: { path: '/news', getHref: () => '/news' },

  marketplace: {
    path: '/marketplace/:serviceName',
    getHref: (serviceName: string = 'all') => `/marketplace/${seg(serviceName)}`,
  },
  businessUnit: {
    path: '/businessunit/:businessName',
    // The spec strips slashes from the name before it becomes a path segment.
    getHref: (businessName: string) => `/businessunit/${seg(businessName.replaceAll('/', ''))}`,
  },
  partnerCloudServices: { path: '/partnerCloudServices', getHref: () => '/partnerCloudServices' },
  productDetails: {
    path: '/productdetails/:productID',
    /** `reopen`: a configuration the page starts from (a saved item's View); unset or 0 values are left out. */
    getHref: (productId: string | number, reopen?: ConfigurationQuery) => {
      const query = new URLSearchParams(
        Object.entries(reopen ?? {}).flatMap(([k, v]) => (typeof v === 'number' && v > 0 ? [[k, String(v)]] : [])),
      ).toString();
      return `/productdetails/${seg(productId)}${query ? `?${query}` : ''}`;
    },
  },
  customerProfile: {
    path: '/customerprofile/:id',
    /** `at` 'tabs': scrolled to the tabs (#tabs), past the profile form. */
    getHref: (tab: ProfileTab = 2, at?: 'tabs') => `/customerprofile/${tab}${at ? `#${at}` : ''}`,
  },
  savedItems: { path: '/saveditem', getHref: () => '/saveditem' },
  ticketDetails: {
    path: '/TicketDetails/:ticketID',
    getHref: (ticketId: string | number) => `/TicketDetails/${seg(ticketId)}`,
  },

  companyNotRegistered: { path: '/companynotregisteryet', getHref: () => '/companynotregisteryet' },
  underMaintenance: { path: '/undermaintenanceMode', getHref: () => '/undermaintenanceMode' },
  redirect: {
    path: '/redirect',
    getHref: (query: { sessionid: string; url: string; vmId?: string }) =>
      `/redirect?${new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined) as [string, string][])}`,
  },

  // Document 2: purchasing, payment and invoices.
  purchaseDetails: {
    path: '/purchasedetails/:commingFrom',
    getHref: (kind: PurchaseKind) => `/purchasedetails/${kind}`,
  },
  buyCloneVm: { path: '/buyclonevm/:purchaseId', getHref: (purchaseId: string | number) => `/buyclonevm/${seg(purchaseId)}` },
  buySnapshotVm: {
    path: '/buysnapshotvm/:purchaseId',
    getHref: (purchaseId: string | number) => `/buysnapshotvm/${seg(purchaseId)}`,
  },
  renewVm: { path: '/renewvm/:purchaseId', getHref: (purchaseId: string | number) => `/renewvm/${seg(purchaseId)}` },
  updateVm: { path: '/updatevm/:id', getHref: (id: string | number) => `/updatevm/${seg(id)}` },
  renewMultipleVm: { path: '/renewMultipleVM/:value', getHref: (value: string) => `/renewMultipleVM/${seg(value)}` },
  transactionStatus: {
    path: '/transaction-status/:commingFrom',
    getHref: (kind: PurchaseKind) => `/transaction-status/${kind}`,
  },
  transactionStatusPaypal: {
    path: '/transaction-status-paypal/:tranRef/:option3',
    getHref: (tranRef: string, option3: string) => `/transaction-status-paypal/${seg(tranRef)}/${seg(option3)}`,
  },
  transactionStatusPesapal: {
    path: '/transaction-status-pesapal/:tranRef/:option3',
    getHref: (tranRef: string, option3: string) => `/transaction-status-pesapal/${seg(tranRef)}/${seg(option3)}`,
  },
  transactionStatusPayfast: {
    path: '/transaction-status-payfast/:commingFrom',
    getHref: (kind: PurchaseKind) => `/transaction-status-payfast/${kind}`,
  },
  purchaseSuccessful: { path: '/PurchaseSuccessful', getHref: () => '/PurchaseSuccessful' },
  purchaseFailed: { path: '/PurchaseFailed', getHref: () => '/PurchaseFailed' },
  ozowPaymentForm: { path: '/OZOWPaymentform', getHref: () => '/OZOWPaymentform' },
  payment: { path: '/payment', getHref: () => '/payment' },
  downloadInvoice: { path: '/DownloadInvoice/:token', getHref: (token: string) => `/DownloadInvoice/${seg(token)}` },
  downloadCreditNote: { path: '/DownloadCreditNote/:token', getHref: (token: string) => `/DownloadCreditNote/${seg(token)}` },

  /** An operator's support session opens here, the one-use handoff after '#' (ADR 0118). */
  supportSession: { path: '/support-session', getHref: (handoff: string) => `/support-session#${handoff}` },
  notFound: { path: '*', getHref: () => '/home' },
} as const;

export type PathKey = keyof typeof paths;
