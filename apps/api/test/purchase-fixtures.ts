import type { SpecInput } from '../src/db/seed/purchase-factories.ts';

/** R120 a vCPU, R45 a GB of memory, R1.50 a GB of disk per 30 days: the purchase, payment and invoice tests' sliders. */
export const RAND_SPECS: SpecInput[] = [
  { name: 'Processor', unit: 'vCPU', count: 2, min: 1, max: 8, cost: '120.0000' },
  { name: 'Memory', unit: 'GB', count: 4, min: 1, max: 16, cost: '45.0000' },
  { name: 'Disk', unit: 'GB', count: 50, min: 20, max: 500, step: 10, cost: '1.5000' },
];

/** KES 850 a vCPU, 320 a GB of memory, 10.50 a GB of disk per 30 days: the tests' Kenyan product. */
export const SHILLING_SPECS: SpecInput[] = [
  { name: 'Processor', unit: 'vCPU', count: 1, min: 1, max: 4, cost: '850.0000' },
  { name: 'Memory', unit: 'GB', count: 2, min: 1, max: 8, cost: '320.0000' },
  { name: 'Disk', unit: 'GB', count: 20, min: 20, max: 100, step: 10, cost: '10.5000' },
];

/** CreateOrder's three specification entries for the chosen sizes. */
export const specificationOf = (memory: number, processor: number, disk: number) => [
  { type: 'memory', value: memory, unit: 'GB' },
  { type: 'processor', value: processor, unit: 'cores' },
  { type: 'disk', value: disk, unit: 'GB' },
];
