import { vi } from 'vitest';
import type { ArchivedVm, RenewalRow, UserBackup } from '@mawingu/contracts/vm-actions';
import type { ActiveVm } from '@mawingu/contracts/vms';
import { makeConfiguration, ok, stubApi, type FakeApi } from '../../../test/fake-api.ts';
import { signInAs } from '../../../test/session.ts';

const userDetails = {
  firstName: 'Thandi',
  lastName: 'Nkosi',
  emailID: 'thandi@example.co.za',
  contactNo: '821234567',
  countryCode: '+27',
  mobileNoMinLength: 9,
  mobileNoMaxLength: 9,
  address: '12 Long Street',
  postalCode: '8001',
  companyName: '',
  city: 'Cape Town',
  state: 'Western Cape',
  region: 'South Africa',
  imagePath: null,
  websiteUrl: 'http://localhost:3000',
  customerVatNumber: '',
};

export function makeVm(overrides: Partial<ActiveVm> = {}): ActiveVm {
  return {
    ID: 11,
    vmName: 'mw-ubuntu-0011',
    aliasName: 'Build server',
    operatingSystem: 'Ubuntu 24.04 LTS',
    cpu_Count: 4,
    ram_Count: 8,
    disk_Count: 100,
    startDate: '2026-11-05T10:00:00.000Z',
    endDate: '2026-12-05T10:00:00.000Z',
    ciscoMerakiIP: null,
    isBlocked: 0,
    blockedReason: null,
    isClone: 0,
    isGoldCopy: 0,
    isRenewed: 0,
    createdUUID: '6f1c0e4e-0b0a-4c57-9a57-1f7c1d2e3f40',
    serviceCategory: 'simulator',
    vmStatus: 'running',
    pendingAction: null,
    publicIpState: null,
    publicIpError: null,
    address: '10.20.4.17',
    loginUser: 'admin',
    ...overrides,
  };
}

export function makeBackup(overrides: Partial<UserBackup> = {}): UserBackup {
  return {
    ID: 31,
    vmName: 'mw-ubuntu-0011',
    cloneParentID: 11,
    isCloneOrSnapshot: 'Clone',
    cloneCPU_Count: 4,
    cloneRAM_Count: 8,
    cloneDisk_Count: 100,
    cloneDuration: 3,
    cloneType: 'weekly',
    cloneUUID: 'clone-uuid-31',
    serviceCategory: 'simulator',
    isRestoredVM: 0,
    backupStatus: 'ready',
    pendingAction: null,
    createdDate: '2026-11-10T08:00:00.000Z',
    ...overrides,
  };
}

export function makeArchived(overrides: Partial<ArchivedVm> = {}): ArchivedVm {
  return {
    ID: 21,
    vmName: 'mw-win-0021',
    operatingSystem: 'Windows Server 2022',
    cpu_Count: 2,
    ram_Count: 4,
    disk_Count: 60,
    createdUUID: 'archived-uuid-21',
    serviceCategory: 'simulator',
    isBlocked: 0,
    pendingAction: null,
    archivedDate: '2026-10-20T08:00:00.000Z',
    endDate: '2026-10-01T08:00:00.000Z',
    ...overrides,
  };
}

export function makeRenewal(overrides: Partial<RenewalRow> = {}): RenewalRow {
  return {
    orderID: 41,
    vmID: 11,
    vmName: 'mw-ubuntu-0011',
    aliasName: null,
    daysAdded: 30,
    renewedOn: '2026-11-01T08:00:00.000Z',
    newEndDate: '2026-12-05T10:00:00.000Z',
    currencyCode: 'ZAR',
    amount: '1234.5',
    charged: null,
    ...overrides,
  };
}

/** A signed-in customer on the account page, with the given VM-area answers (empty lists otherwise). */
export function setupAccount(api: FakeApi = {}) {
  signInAs();
  return stubApi({
    getCompanyConfiguration: ok(makeConfiguration()),
    getDropdownList: ok([]),
    'profileSetting/userProfileInfo': ok({ userDetails, countryList: [] }),
    'virtualMachine/getUserVMs': ok([]),
    'virtualMachine/getUserBackups': ok([]),
    'virtualMachine/getArchivedVMs': ok([]),
    'virtualMachine/getRenewals': ok([]),
    ...api,
  });
}

/** A phone for Mantine's useMediaQuery: no min-width query matches (happy-dom's window is 1024 px wide). */
export function stubPhoneScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width/.test(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

/** The calls made to `/api/{path}` and their JSON bodies. */
export const callsTo = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(`/api/${path}`))
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
