import { messages } from '@mawingu/contracts/messages';
import type { CreateOrder, OrderDetail, VmProductDetails } from '@mawingu/contracts/purchase';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import type { CatalogService } from '../../catalogue/index.ts';
import { findOrderOf, storeNewVmOrder } from './order-store.ts';
import { presentOrder } from './present-order.ts';
import { productDetailsOf } from './product-details.ts';
import { purchaseRegionsOf } from './purchase-product.ts';
import { usdRateOf, type PurchaseTermsSource } from './purchase-terms.ts';
import { quoteNewVm } from './quote.ts';

/**
 * Buying a new VM: the configurator's product details and the order it creates. The catalogue
 * (products, sliders, regions) comes from the catalogue service and the purchase terms from their
 * own cache, so both sides of a purchase read the same figures; every amount is the pricing engine's.
 */
export function createPurchaseService(db: Db, catalog: CatalogService, terms: PurchaseTermsSource, zarToUsdRate: string) {
  async function productOf(companyId: number, productId: number) {
    const product = await catalog.productForPurchase(companyId, productId);
    if (!product)
      throw new AppError('not_found', 404, messages.dataNotFound, {
        productID: messages.dataNotFound,
      });
    return product;
  }

  async function productDetails(companyId: number, productId: number): Promise<VmProductDetails> {
    const product = await productOf(companyId, productId);
    const [vmSpec, companyTerms] = await Promise.all([
      catalog.specification(companyId, productId, purchaseRegionsOf(product)[0]?.id ?? null, true),
      terms.of(companyId),
    ]);
    return productDetailsOf(product, vmSpec, companyTerms, usdRateOf(companyTerms, zarToUsdRate));
  }

  async function createOrder(companyId: number, customerId: number, input: CreateOrder): Promise<OrderDetail> {
    const product = await productOf(companyId, input.productID);
    const companyTerms = await terms.of(companyId);
    const quote = quoteNewVm(input, product, companyTerms);
    const stored = await storeNewVmOrder(db, companyId, customerId, quote);
    return presentOrder(stored, quote.gateways, usdRateOf(companyTerms, zarToUsdRate));
  }

  async function orderDetail(companyId: number, customerId: number, orderId: number): Promise<OrderDetail> {
    const stored = await findOrderOf(db, companyId, customerId, orderId);
    if (!stored) throw AppError.notFound(messages.orderNotFound);
    const companyTerms = await terms.of(companyId);
    const gateways = stored.order.regionId === null ? [] : companyTerms.gatewaysIn(stored.order.regionId);
    return presentOrder(stored, gateways, usdRateOf(companyTerms, zarToUsdRate));
  }

  return { productDetails, createOrder, orderDetail };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
