import { and, eq } from 'drizzle-orm';
import { catalogueMessages as m, type Product, type ProductSummary, type ProductValues } from '@mawingu/contracts/admin/catalogue';
import { products } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { insertProduct, loadProducts, productOf, replaceProduct, summaryOf } from './product-store.ts';
import type { CatalogueEditing, Who } from './catalogue-change.ts';

/** The console's products: list, read, create, replace, (de)activate, delete. */
export function createProductEditing({ db, usage, change, audit }: CatalogueEditing) {
  // ---- products ----

  async function listProducts(companyId: number): Promise<ProductSummary[]> {
    return (await loadProducts(db, usage, companyId)).map(summaryOf);
  }

  const getProduct = (companyId: number, productId: number): Promise<Product> => productOf(db, usage, companyId, productId);

  async function createProduct(who: Who, input: ProductValues): Promise<Product> {
    return change(who, async (tx) => {
      const id = await insertProduct(tx, who.companyId, input);
      const after = await productOf(tx, usage, who.companyId, id);
      await audit(tx, who, 'product.create', 'product', id, null, after);
      return after;
    });
  }

  async function updateProduct(who: Who, productId: number, input: ProductValues): Promise<Product> {
    return change(who, async (tx) => {
      const before = await productOf(tx, usage, who.companyId, productId);
      await replaceProduct(tx, who.companyId, productId, input);
      const after = await productOf(tx, usage, who.companyId, productId);
      await audit(tx, who, 'product.update', 'product', productId, before, after);
      return after;
    });
  }

  async function setProductActive(who: Who, productId: number, active: boolean): Promise<Product> {
    return change(who, async (tx) => {
      const before = await productOf(tx, usage, who.companyId, productId);
      await tx
        .update(products)
        .set({ active })
        .where(and(eq(products.id, productId), eq(products.companyId, who.companyId)));
      await audit(tx, who, active ? 'product.enable' : 'product.disable', 'product', productId, { active: before.active }, { active });
      return { ...before, active };
    });
  }

  /** Only a product nobody ordered: one with orders or VMs is disabled instead (its orders name it). */
  async function deleteProduct(who: Who, productId: number): Promise<void> {
    await change(who, async (tx) => {
      const before = await productOf(tx, usage, who.companyId, productId);
      if (before.orderCount > 0 || before.vmCount > 0) throw AppError.conflict(m.productInUse);
      await tx.delete(products).where(and(eq(products.id, productId), eq(products.companyId, who.companyId)));
      await audit(tx, who, 'product.delete', 'product', productId, before, null);
    });
  }

  return { listProducts, getProduct, createProduct, updateProduct, setProductActive, deleteProduct };
}
