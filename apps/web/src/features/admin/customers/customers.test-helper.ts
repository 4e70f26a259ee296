import type { CustomerProfile } from '@mawingu/contracts/admin/customers';
import { storeOperatorSession } from '../shell/operator-session.ts';

/** Amani of company 5, an active, unverified account; `over` changes what a test needs. */
export const customerProfile = (over: Partial<CustomerProfile> = {}): CustomerProfile => ({
  id: 3,
  firstName: 'Amani',
  lastName: 'Njoroge',
  email: 'amani@savanna.example',
  countryCode: '+254',
  contactNo: '712345678',
  region: 'Kenya',
  companyName: '',
  address: '1 Moi Avenue',
  city: 'Nairobi',
  state: 'Nairobi',
  postCode: '00100',
  vatNumber: '',
  kraPin: '',
  emailVerifiedAt: null,
  suspendedAt: null,
  suspendedReason: null,
  closedAt: null,
  closedReason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

/** An operator of company 5 signed in to the console with this role. */
export const signInAs = (role: 'admin' | 'support') =>
  storeOperatorSession({ token: 't', operator: { id: 1, email: 'o@acme.example', name: 'O', role, companyId: 5 } });
