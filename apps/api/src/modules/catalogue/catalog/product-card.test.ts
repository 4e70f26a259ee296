import { describe, expect, it } from 'vitest';
import { presentCard, toCard, type ProductRow, type SpecRow } from './product-card.ts';

const product: ProductRow = {
  id: 7,
  companyId: 1,
  name: 'Ubuntu 24.04',
  serviceName: 'virtualmachine',
  serviceType: 'simulator',
  osType: 'ubuntu',
  template: '',
  imagePath: null,
  description: '',
  isGoldCopy: false,
  microsoftLicense: false,
  ipType: 'Public IP',
  currency: 'ZAR',
  active: true,
  sortOrder: 0,
};
const spec = (id: number, name: string, unit: string, defaultCount: number, costPerUnit: string): SpecRow => ({
  id,
  productId: 7,
  name,
  unit,
  defaultCount,
  minValue: 0,
  maxValue: 64,
  step: 1,
  costPerUnit,
  sequence: id,
});

describe('toCard list price (the pricing engine’s 30-day price before tax)', () => {
  it('sums the default configuration’s lines, each half-up to the cent', () => {
    const card = toCard(product, [
      spec(1, 'Memory', 'GB', 4, '50.0000'),
      spec(2, 'Processor', 'cores', 2, '100.0050'),
      spec(3, 'Disk', 'GB', 3, '0.3350'),
    ]);
    // 50 × 4 = 200.00; 100.005 × 2 = 200.01; 0.335 × 3 = 1.005 → 1.01; 200 + 200.01 + 1.01 = 401.02
    expect(card.listPrice).toBe('401.02');
    expect(card).toMatchObject({ vm_RAM_Count: 4, vm_CPU_Count: 2, vm_Driver_Count: 3, vm_Cost: null });
  });

  it('is shown only when prices are', () => {
    const card = toCard(product, [spec(1, 'Memory', 'GB', 1, '10')]);
    expect(presentCard(card, true).vm_Cost).toBe('10.00');
    expect(presentCard(card, false).vm_Cost).toBeNull();
  });
});
