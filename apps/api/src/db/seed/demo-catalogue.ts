/** Demo catalogue data: enough products, regions and news for every screen to have something to show. */

export const demoCountries = [
  { countryCode: '+27', countryName: 'South Africa', iso2: 'ZA', mobileMinLength: 9, mobileMaxLength: 9 },
  { countryCode: '+254', countryName: 'Kenya', iso2: 'KE', mobileMinLength: 9, mobileMaxLength: 9 },
  { countryCode: '+234', countryName: 'Nigeria', iso2: 'NG', mobileMinLength: 10, mobileMaxLength: 10 },
  { countryCode: '+267', countryName: 'Botswana', iso2: 'BW', mobileMinLength: 7, mobileMaxLength: 8 },
  { countryCode: '+264', countryName: 'Namibia', iso2: 'NA', mobileMinLength: 9, mobileMaxLength: 10 },
  { countryCode: '+263', countryName: 'Zimbabwe', iso2: 'ZW', mobileMinLength: 9, mobileMaxLength: 9 },
  { countryCode: '+255', countryName: 'Tanzania', iso2: 'TZ', mobileMinLength: 9, mobileMaxLength: 9 },
  { countryCode: '+256', countryName: 'Uganda', iso2: 'UG', mobileMinLength: 9, mobileMaxLength: 9 },
  { countryCode: '+44', countryName: 'United Kingdom', iso2: 'GB', mobileMinLength: 10, mobileMaxLength: 10 },
  { countryCode: '+1', countryName: 'United States', iso2: 'US', mobileMinLength: 10, mobileMaxLength: 10 },
  { countryCode: '+91', countryName: 'India', iso2: 'IN', mobileMinLength: 10, mobileMaxLength: 10 },
  { countryCode: '+82', countryName: 'South Korea', iso2: 'KR', mobileMinLength: 9, mobileMaxLength: 10 },
];

export const demoRegions = [
  { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' },
  { name: 'Kenya', iso2: 'KE', currency: 'KES', taxPercent: '16.00' },
];

type Spec = [name: 'Memory' | 'Processor' | 'Disk', unit: string, count: number, min: number, max: number, step: number, cost: string];
/** Default sizes; each slider reaches four times the default (disk five), so the filter tells sizes apart. */
const specs = (cpu: number, ram: number, disk: number): Spec[] => [
  ['Processor', 'vCPU', cpu, 1, Math.min(cpu * 4, 64), 1, '120.0000'],
  ['Memory', 'GB', ram, 1, Math.min(ram * 4, 256), 1, '45.0000'],
  ['Disk', 'GB', disk, 20, Math.min(disk * 5, 4000), 10, '1.5000'],
];

type DemoProduct = {
  name: string;
  osType: string;
  serviceType: string;
  specs: Spec[];
  serviceName?: string;
  description?: string;
  isGoldCopy?: boolean;
  microsoftLicense?: boolean;
  ipType?: 'Public IP' | 'Private IP';
  /** Region names the product is sold in; none = every region. */
  regions?: string[];
};

const products: DemoProduct[] = [
  { name: 'Ubuntu Server 24.04 LTS', osType: 'ubuntu', serviceType: 'scaleComputing', specs: specs(2, 4, 50) },
  { name: 'Windows Server 2022', osType: 'windows', serviceType: 'scaleComputing', microsoftLicense: true, specs: specs(4, 8, 100) },
  { name: 'CentOS Stream 9', osType: 'centos', serviceType: 'scaleComputing', ipType: 'Private IP', specs: specs(2, 4, 40) },
  {
    name: 'Red Hat Enterprise Linux 9',
    osType: 'red hat',
    serviceType: 'Open Nebula',
    regions: ['South Africa'],
    specs: specs(4, 16, 120),
  },
  {
    name: 'Kubernetes Worker Node',
    osType: 'kubernetes',
    serviceType: 'Node Weaver',
    ipType: 'Private IP',
    regions: ['South Africa'],
    specs: specs(8, 32, 200),
  },
  { name: 'Edge Gateway', osType: 'edge', serviceType: 'scaleComputing', specs: specs(1, 2, 20) },
  { name: 'Ubuntu GPU-ready Build Box', osType: 'ubuntu', serviceType: 'scaleComputing', isGoldCopy: true, specs: specs(8, 32, 500) },
  {
    name: 'Windows Remote Desktop Host',
    osType: 'windows',
    serviceType: 'scaleComputing',
    isGoldCopy: true,
    microsoftLicense: true,
    specs: specs(4, 16, 200),
  },
  {
    name: 'Kubernetes Control Plane',
    osType: 'kubernetes',
    serviceType: 'Node Weaver',
    serviceName: 'kubernetes',
    regions: ['South Africa'],
    specs: specs(2, 8, 80),
  },
  {
    name: 'Kubernetes Compute Pool',
    osType: 'kubernetes',
    serviceType: 'Node Weaver',
    serviceName: 'kubernetes',
    ipType: 'Private IP',
    specs: specs(16, 64, 400),
  },
];

export const demoProducts = products.map((p, i) => ({ serviceName: 'virtualmachine', ...p, sortOrder: i }));

export const demoAddresses = [
  { address: 'Waterfall City, 1 Magwa Crescent', city: 'Midrand', country: 'South Africa' },
  { address: 'Westlands, 14 Riverside Drive', city: 'Nairobi', country: 'Kenya' },
  { address: 'Foreshore, 2 Heerengracht Street', city: 'Cape Town', country: 'South Africa' },
];

export const demoMenuItems = [
  { menuName: 'Startup Credits', redirectUrl: 'https://www.mawingu.example/benefits/startups' },
  { menuName: 'Partner Programme', redirectUrl: 'https://www.mawingu.example/benefits/partners' },
  { menuName: 'Education Discount', redirectUrl: 'https://www.mawingu.example/benefits/education' },
];

export const demoNews = [
  {
    title: 'Nairobi region now open',
    content:
      'Virtual machines can now be deployed in our Nairobi data centre, billed in Kenyan shillings with 16% VAT. Latency from Nairobi, Mombasa and Kampala drops to single-digit milliseconds, and every VM comes with daily backup options.',
    links: ['https://www.mawingu.example/blog/nairobi-region'],
  },
  {
    title: 'Windows Server 2022 images',
    content: 'Windows Server 2022 is available on every VM size, with licensing handled for you.',
    links: [],
  },
  {
    title: 'Snapshots and clones for every VM',
    content:
      'Take a snapshot before an upgrade or clone a running machine on a daily, weekly or monthly schedule. Restoring a clone creates a new VM in minutes, with the same disks and configuration as the original.',
    links: [],
  },
  {
    title: 'Pay with Ozow, PayFast, Pesapal or PayPal',
    content: 'Four payment options, including instant EFT in South Africa and M-Pesa through Pesapal in Kenya.',
    links: ['https://www.mawingu.example/blog/payments'],
  },
];
