import { messages } from '@mawingu/contracts/messages';
import type { CreateOrder, NewVmProductDetails, OrderDetail } from '@mawingu/contracts/purchase';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import type { CatalogService } from '../../catalogue/index.ts';
import { findOrderOf, storeNewVmOrder } from './order-store.ts';
import { presentOrder } from './present-order.ts';
import { productDetailsOf } from './product-details.ts';
import { purchaseRegionsOf } from './purchase-product.ts';
import { usdRateOf, type PurchaseTermsSource } from './purchase-terms.ts';
import { quoteNewVm } from './quote.ts';
import type { SshKeyService } from '../../machines/index.ts';
import { assertVmNameFree, orderVmLabels, suggestedVmNameOf } from '../order-vm-names.ts';
import type { TakenToGateway } from '../open-orders.ts';

/**
 * Buying a new VM: the configurator's product details and the order it creates. The catalogue
 * (products, sliders, regions) comes from the catalogue service and the purchase terms from their
 * own cache, so both sides of a purchase read the same figures; every amount is the pricing engine's.
 */
export function createPurchaseService(
  db: Db,
  catalog: CatalogService,
  terms: PurchaseTermsSource,
  zarToUsdRate: string,
  takenToGateway: TakenToGateway,
  sshKeys?: SshKeyService,
) {
  async function productOf(companyId: number, productId: number) {
    const product = await catalog.productForPurchase(companyId, productId);
    if (!product)
      throw new AppError('not_found', 404, messages.dataNotFound, {
        productID: messages.dataNotFound,
      });
    return product;
  }

  async function productDetails(companyId: number, customerId: number, productId: number): Promise<NewVmProductDetails> {
    const product = await productOf(companyId, productId);
    const [vmSpec, companyTerms, suggestedVmName] = await Promise.all([
      catalog.specification(companyId, productId, purchaseRegionsOf(product)[0]?.id ?? null, true),
      terms.of(companyId),
      suggestedVmNameOf(db, companyId, customerId, product.row.name),
    ]);
    return { ...productDetailsOf(product, vmSpec, companyTerms, usdRateOf(companyTerms, zarToUsdRate)), suggestedVmName };
  }

  /** The configurator's check of a new VM's name before Buy Now (CreateOrder checks it again). */
  async function checkVmName(companyId: number, customerId: number, vmName: string): Promise<{ vmName: string }> {
    await assertVmNameFree(db, companyId, customerId, vmName);
    return { vmName };
  }

  async function createOrder(companyId: number, customerId: number, input: CreateOrder): Promise<OrderDetail> {
    const product = await productOf(companyId, input.productID);
    const companyTerms = await terms.of(companyId);
    const quote = quoteNewVm(input, product, companyTerms);
    // The customer's own name for the VM, else the one the configurator would have suggested.
    const vmName = input.vmName ?? (await suggestedVmNameOf(db, companyId, customerId, product.row.name));
    if (input.vmName !== undefined) await assertVmNameFree(db, companyId, customerId, vmName);
    // The keys are the customer's own or the order is refused; the order keeps a copy (ADR 0100).
    const keys = (await sshKeys?.pick(companyId, customerId, input.sshKeyIDs)) ?? [];
    const stored = await storeNewVmOrder(db, takenToGateway, companyId, customerId, quote, vmName);
    await sshKeys?.attachToOrder(stored.order.id, keys);
    return presentOrder(stored, quote.gateways, usdRateOf(companyTerms, zarToUsdRate));
  }

  async function orderDetail(companyId: number, customerId: number, orderId: number): Promise<OrderDetail> {
    const stored = await findOrderOf(db, companyId, customerId, orderId);
    if (!stored) throw AppError.notFound(messages.orderNotFound);
    const companyTerms = await terms.of(companyId);
    const gateways = stored.order.regionId === null ? [] : companyTerms.gatewaysIn(stored.order.regionId);
    const labelOf = await orderVmLabels(db, companyId, [orderId]);
    return presentOrder(stored, gateways, usdRateOf(companyTerms, zarToUsdRate), labelOf(stored.order));
  }

  return { productDetails, checkVmName, createOrder, orderDetail };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
