import { describe, expect, it } from 'vitest';
import type { FilterData } from '@mawingu/contracts/catalog';
import { chooseOperatingSystem, EMPTY_FILTER, isEmptyFilter, virtualMachineChoices } from './quick-search-state.ts';

const data: FilterData = {
  operatingSystem: ['ubuntu', 'windows'],
  country: [],
  ipType: [],
  specs: {
    processor: { max: 8, step: 1, unit: 'vCPU' },
    memory: { max: 32, step: 1, unit: 'GB' },
    disk: { max: 500, step: 10, unit: 'GB' },
  },
  products: [
    { productID: 1, productName: 'Ubuntu Server', osType: 'ubuntu' },
    { productID: 2, productName: 'Windows Server', osType: 'Windows' },
    { productID: 3, productName: 'Ubuntu Build Box', osType: 'ubuntu' },
  ],
};

describe('the Quick Search state', () => {
  it('sends 0 for every field nobody selected', () => {
    expect(Object.values(EMPTY_FILTER).every((v) => v === 0)).toBe(true);
    expect(isEmptyFilter(EMPTY_FILTER)).toBe(true);
    expect(isEmptyFilter({ ...EMPTY_FILTER, memory: 4 })).toBe(false);
  });

  it('resets the virtual machine when the operating system changes', () => {
    const chosen = { ...EMPTY_FILTER, operatingSystem: 'ubuntu', virtualMachine: 3, memory: 8 };
    expect(chooseOperatingSystem(chosen, 'windows')).toEqual({ ...EMPTY_FILTER, operatingSystem: 'windows', virtualMachine: 0, memory: 8 });
    expect(chooseOperatingSystem(chosen, '')).toMatchObject({ operatingSystem: 0, virtualMachine: 0 });
  });

  it('lists that operating system’s products as virtual machines', () => {
    expect(virtualMachineChoices(data, 'ubuntu').map((p) => p.productID)).toEqual([1, 3]);
    expect(virtualMachineChoices(data, 'windows').map((p) => p.productID)).toEqual([2]);
    expect(virtualMachineChoices(data, 0)).toHaveLength(3);
  });
});
