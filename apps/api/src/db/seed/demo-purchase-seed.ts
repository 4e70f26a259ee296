import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { paymentSettings, products, timePeriods } from '../schema.ts';
import { countOf } from './count-of.ts';
import { createProduct, regionIdsByName, setPurchaseTerms } from './purchase-factories.ts';

/**
 * A product priced in shillings and sold in Kenya, so the Kenyan region (KES, 16 % VAT, Pesapal) can
 * be bought. A custom VM (gold copy) of an OS the marketplace journeys do not count, so the public
 * lists they check stay as they were.
 */
export const DEMO_KENYA_PRODUCT = 'CentOS Stream 9 (Nairobi)';

/**
 * The demo company's purchase terms: 30/90/180/365-day periods, small discounts, RAM → CPU ranges
 * for two products, PayFast + Ozow + PayPal in South Africa and Pesapal in Kenya, no bypass.
 * Written once per company (after the catalogue and regions).
 */
export async function seedDemoPurchaseTerms(db: Db, companyId: number) {
  if ((await countOf(db, timePeriods, companyId)) > 0) return;
  const region = await regionIdsByName(db, companyId);
  const productId = async (name: string) =>
    (
      await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.companyId, companyId), eq(products.name, name)))
    )[0]?.id;

  let kenyaProduct = await productId(DEMO_KENYA_PRODUCT);
  if (!kenyaProduct && region['Kenya']) {
    const row = await createProduct(db, companyId, {
      name: DEMO_KENYA_PRODUCT,
      osType: 'centos',
      serviceType: 'scaleComputing',
      isGoldCopy: true,
      currency: 'KES',
      description: 'CentOS Stream 9 in our Nairobi data centre, billed in Kenyan shillings.',
      sortOrder: 100,
      regionIds: [region['Kenya']],
      specs: [
        {
          name: 'Processor',
          unit: 'vCPU',
          count: 2,
          min: 1,
          max: 8,
          cost: '850.0000',
        },
        {
          name: 'Memory',
          unit: 'GB',
          count: 4,
          min: 1,
          max: 16,
          cost: '320.0000',
        },
        {
          name: 'Disk',
          unit: 'GB',
          count: 50,
          min: 20,
          max: 250,
          step: 10,
          cost: '10.5000',
        },
      ],
    });
    kenyaProduct = row.id;
  }
  const ubuntu = await productId('Ubuntu Server 24.04 LTS');
  const edge = await productId('Edge Gateway');
  const windows = await productId('Windows Server 2022');

  await setPurchaseTerms(db, companyId, {
    timePeriods: [
      { days: 30, label: '30 Days' },
      { days: 90, label: '90 Days' },
      { days: 180, label: '180 Days' },
      { days: 365, label: '365 Days' },
    ],
    discounts: [{ ram: '5.00', disk: '2.50' }, ...(windows ? [{ productId: windows, cpu: '10.00' }] : [])],
    ramCpuRanges: [
      ...(ubuntu
        ? [
            { productId: ubuntu, ramFrom: 1, ramTo: 2, cpuCount: 1 },
            { productId: ubuntu, ramFrom: 3, ramTo: 8, cpuCount: 2 },
            { productId: ubuntu, ramFrom: 9, ramTo: 16, cpuCount: 4 },
          ]
        : []),
      ...(edge
        ? [
            { productId: edge, ramFrom: 1, ramTo: 2, cpuCount: 1 },
            { productId: edge, ramFrom: 3, ramTo: 4, cpuCount: 2 },
            { productId: edge, ramFrom: 5, ramTo: 8, cpuCount: 4 },
          ]
        : []),
    ],
    gateways: [
      ...(region['South Africa']
        ? [
            {
              regionId: region['South Africa'],
              gateways: ['payfast', 'ozow', 'paypal'] as const,
            },
          ]
        : []),
      ...(region['Kenya'] ? [{ regionId: region['Kenya'], gateways: ['pesapal'] as const }] : []),
    ].map((g) => ({ regionId: g.regionId, gateways: [...g.gateways] })),
  });
  if ((await countOf(db, paymentSettings, companyId)) === 0) await setPurchaseTerms(db, companyId, { bypass: false });
}
