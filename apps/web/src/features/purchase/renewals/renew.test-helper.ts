import type { MultiRenewDetails, RenewVmDetails } from '@mawingu/contracts/renewals';

const SPEC = [
  {
    specificationName: 'Processor',
    specificationUnit: 'vCPU',
    specificationCount: 2,
    minValue: 1,
    maxValue: 8,
    size: 1,
    costPerUnit: '120.0000',
    totalCost: '240.00',
    sequence: 1,
    tax: '15.00',
  },
  {
    specificationName: 'Memory',
    specificationUnit: 'GB',
    specificationCount: 4,
    minValue: 1,
    maxValue: 16,
    size: 1,
    costPerUnit: '45.0000',
    totalCost: '180.00',
    sequence: 2,
    tax: '15.00',
  },
  {
    specificationName: 'Disk',
    specificationUnit: 'GB',
    specificationCount: 50,
    minValue: 20,
    maxValue: 500,
    size: 10,
    costPerUnit: '1.5000',
    totalCost: '75.00',
    sequence: 3,
    tax: '15.00',
  },
];

/** Tests: VM 31 (4 GB, 2 vCPU, 50 GB; R120 a vCPU, R45 a GB, R1.50 a GB of disk per 30 days), expired 3 days, three gateways. */
export function makeRenewDetails(overrides: Partial<RenewVmDetails> = {}): RenewVmDetails {
  return {
    productid: 7,
    VMProductDetail: {
      ID: 31,
      productID: 7,
      productName: 'Ubuntu Server 24.04 LTS',
      vmName: 'web-thandi-01',
      aliasName: null,
      vm_Cost: '495.00',
      vm_RAM_Count: 4,
      vm_RAM_Unit: 'GB',
      vm_CPU_Count: 2,
      vm_Driver_Count: 50,
      vm_Driver_Unit: 'GB',
      vm_currency: 'ZAR',
      osType: 'Ubuntu',
      taxValue: '15.00',
      serviceType: 'scaleComputing',
      serviceCategory: 'Virtual Machine',
      imagePath: null,
      isGoldCopy: 0,
      regionName: 'South Africa',
      regionID: 1,
      countryID: 1,
      vm_validity: 30,
      endDate: '2026-11-21T09:30:00.000Z',
      daysExtended: 3,
    },
    vmSpec: SPEC,
    ramCpuDependecy: [],
    country: [
      {
        countryID: 1,
        countryName: 'South Africa',
        taxValue: '15.00',
        currency: 'ZAR',
        paymentGateway: ['PayFast Payment', 'Ozow Payment', 'Paypal Payment'],
      },
    ],
    timePeriod: [
      { TimePeriod: 30, label: '30 Days' },
      { TimePeriod: 90, label: '90 Days' },
    ],
    paymentGateway: ['PayFast Payment', 'Ozow Payment', 'Paypal Payment'],
    byPassflag: 0,
    daysExtended: 3,
    microsoftLicense: 0,
    producttype: 'ubuntu',
    zarToUsdRate: '0.063',
    ...overrides,
  };
}

const lines = (cpu: number, ram: number, disk: number) => [
  { name: 'Processor', unit: 'vCPU', costPerUnit: '120.0000', count: cpu },
  { name: 'Memory', unit: 'GB', costPerUnit: '45.0000', count: ram },
  { name: 'Disk', unit: 'GB', costPerUnit: '1.5000', count: disk },
];

/** Tests: VM 31 as above (expired 3 days) and VM 32 (8 GB, 2 vCPU, 100 GB, running). */
export function makeMultiRenewDetails(overrides: Partial<MultiRenewDetails> = {}): MultiRenewDetails {
  const row = {
    producttype: 'ubuntu',
    productID: 7,
    productName: 'Ubuntu Server 24.04 LTS',
    ram_Unit: 'GB',
    disk_Unit: 'GB',
    taxValue: '15.00',
    endDate: null,
    aliasName: null,
  };
  return {
    VMProductDetail: [
      {
        ...row,
        ID: 31,
        vmName: 'web-thandi-01',
        aliasName: null,
        osType: 'Ubuntu',
        cpu_Count: 2,
        ram_Count: 4,
        disk_Count: 50,
        daysExtended: 3,
        vm_Cost: '495.00',
        renewLines: lines(2, 4, 50),
      },
      {
        ...row,
        ID: 32,
        vmName: 'db-thandi-02',
        osType: 'Ubuntu',
        cpu_Count: 2,
        ram_Count: 8,
        disk_Count: 100,
        daysExtended: 0,
        vm_Cost: '750.00',
        renewLines: lines(2, 8, 100),
      },
    ],
    taxData: { currency: 'ZAR', taxValue: '15.00' },
    currency: 'ZAR',
    taxValue: '15.00',
    regionID: 1,
    country: [{ countryID: 1, countryName: 'South Africa', taxValue: '15.00', currency: 'ZAR', paymentGateway: ['Ozow Payment'] }],
    timePeriod: [
      { TimePeriod: 30, label: '30 Days' },
      { TimePeriod: 90, label: '90 Days' },
    ],
    paymentGateway: ['Ozow Payment'],
    byPassflag: 0,
    zarToUsdRate: '0.063',
    ...overrides,
  };
}
