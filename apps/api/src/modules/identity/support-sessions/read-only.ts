import type { FastifyRequest } from 'fastify';
import { messages } from '@mawingu/contracts/messages';
import { AppError } from '../../../http/app-error.ts';

/**
 * What an operator's support session may not do (ADR 0118): everything that starts a payment or
 * changes money (orders, renewals, changes, payments, the gateways' result calls, the licence of
 * an order), the account's identity and credentials (profile and billing details, password,
 * e-mail, SSH keys, cloud and VM passwords, newsletter consent, logins) and what cannot be undone
 * (deleting a VM, clone or snapshot: the console has its own audited actions for that).
 * Listed by route URL as Fastify knows it.
 */
export const REFUSED_IN_SUPPORT_SESSION: ReadonlySet<string> = new Set([
  // Money
  '/api/virtualMachine/CreateOrder',
  '/api/virtualMachine/startPayment',
  '/api/virtualMachine/uploadCustomerLicense',
  '/api/virtualMachine/renewVM',
  '/api/virtualMachine/renewSelectedVM',
  '/api/virtualMachine/updateVM',
  // Identity, credentials, consent
  '/api/profileSetting/updateUserProfile',
  '/api/profileSetting/updateProfileImage',
  '/api/profileSetting/removeProfileImage',
  '/api/profileSetting/addSshKey',
  '/api/profileSetting/deleteSshKey',
  '/api/profileSetting/registerUserOpenNebula',
  '/api/vmAction/resetVmPassword',
  '/api/updatePassword',
  '/api/forgotPassword',
  '/api/forgotUserName',
  '/api/checkPasswordLink',
  '/api/adduser',
  '/api/login',
  '/api/twoFactorAuth',
  '/api/resendOtp',
  '/api/newsLetter/subscribeUser',
  '/api/newsLetter/unSubscribeUser',
  // Cannot be undone
  '/api/vmAction/deleteVirtualMachine',
  '/api/vmAction/deleteCloneVirtualMachine',
  '/api/vmAction/deleteSnapshot',
]);

/** Paths whose last segment names a gateway (`/api/virtualMachine/transactionApi/:gateway`…): all refused. */
const REFUSED_PREFIXES = ['/api/virtualMachine/submitOrder', '/api/virtualMachine/transactionApi', '/api/payments/'];

/**
 * What a support session may change: reads sent as POST (the spec's), the session itself, and the
 * ordinary use of the account the operator is there to help with (VM power and names, tickets,
 * saved configurations, notices). Any other POST is refused: a new call is refused in a support
 * session until it is listed here (the test walks every route).
 */
export const ALLOWED_IN_SUPPORT_SESSION: ReadonlySet<string> = new Set([
  '/api/refreshToken',
  '/api/logout',
  '/api/supportSession/exchange',
  '/api/supportSession/end',
  '/api/getCompanyConfiguration',
  '/api/getDropdownList',
  '/api/getCountryCode',
  '/api/home/getCompanyAddress',
  '/api/home/getProductServices',
  '/api/faq/getFaq',
  '/api/news/getAllNews',
  '/api/news/getNewsDetail',
  '/api/marketPlace/getProducts',
  '/api/marketPlace/getFilteredProducts',
  '/api/marketPlace/getSpecification',
  '/api/marketplace/getExternalCloud',
  '/api/marketplace/checkDomain',
  '/api/productServicesData/getCloudProducts',
  '/api/productServicesData/getProductDetails',
  '/api/productServicesData/sendQueryMail',
  '/api/writeToUs',
  '/api/userNotification',
  '/api/notification/updateUserNotification',
  '/api/profileSetting/userProfileInfo',
  '/api/profileSetting/sshKeys',
  '/api/virtualMachine/getUserVMs',
  '/api/virtualMachine/getPurchaseHistory',
  '/api/virtualMachine/getOrderDetail',
  '/api/virtualMachine/getOrderPaymentStatus',
  '/api/virtualMachine/getVMProductDetail',
  '/api/virtualMachine/checkVmName',
  '/api/virtualMachine/getVMDetailForRenew',
  '/api/virtualMachine/getVMDataForMultipleRenew',
  '/api/virtualMachine/saveVMForLater',
  '/api/virtualMachine/showSavedVM',
  '/api/virtualMachine/deletedSavedVM',
  '/api/virtualMachine/addAliasName',
  '/api/virtualMachine/restoreArchiveVM',
  '/api/virtualMachine/restoreCloneVM',
  '/api/vmAction/startVirtualMachine',
  '/api/vmAction/shutdownVirtualMachine',
  '/api/vmAction/viewVM',
  '/api/vmAction/viewCloneVM',
  '/api/allowIP/getMaintenanceFlag',
  '/api/allowIP/assignPublicIP',
  '/api/invoice/generateInvoice',
  '/api/ticket/generateTicket',
  '/api/ticket/replyToTicket',
  '/api/ticket/getTicketDetailByID',
  '/api/ticket/getTicketIssueType',
  '/api/ticket/getallUserTicket',
]);

/** Whether a support session may make this call: reads yes (unless listed), writes only when listed. */
export function allowedInSupportSession(method: string, url: string): boolean {
  if (REFUSED_IN_SUPPORT_SESSION.has(url) || REFUSED_PREFIXES.some((prefix) => url.startsWith(prefix))) return false;
  if (method === 'GET' || method === 'HEAD') return true;
  return ALLOWED_IN_SUPPORT_SESSION.has(url);
}

/** onRequest, after the customer is identified: a support session's call that is not allowed is a 403 that says why. */
export function refuseInSupportSession(req: FastifyRequest): void {
  if (req.customer?.supportSessionId === undefined) return;
  const url = req.routeOptions.url ?? req.url;
  if (!allowedInSupportSession(req.method, url)) throw new AppError('support_session_read_only', 403, messages.supportSessionReadOnly);
}
