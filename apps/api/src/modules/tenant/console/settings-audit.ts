import {
  BUILT_IN_DOCUMENT,
  type CompanySettings,
  type DocumentState,
  type UpdateCompanySettingsRequest,
} from '@mawingu/contracts/admin/companies';
import { companies } from '../../../db/schema.ts';

/** The audit's view of some sections: the settings without documents' text (the file addresses stay). */
export function auditView(s: CompanySettings, sections: readonly string[]) {
  const view: Record<string, unknown> = {};
  for (const section of sections) {
    if (section === 'documents') {
      view.documents = Object.fromEntries(
        Object.entries(s.documents).map(([k, d]) => [k, { source: d.source, url: d.url, fileName: d.fileName }]),
      );
    } else view[section] = s[section as keyof CompanySettings];
  }
  return view;
}

/** The settings once `set` and the request's lists are applied (for the audit entry, written in the transaction). */
export function afterOf(
  before: CompanySettings,
  set: Partial<typeof companies.$inferInsert>,
  input: UpdateCompanySettingsRequest,
  origins: string[],
): CompanySettings {
  const trim = <T extends Record<string, unknown>>(o: T) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as T;
  const builtIn: DocumentState = { source: 'builtin', url: null, fileName: null, text: null };
  return {
    ...before,
    brand: {
      ...before.brand,
      name: set.name ?? before.brand.name,
      brandColor: set.brandColor ?? before.brand.brandColor,
      bannerMessage: set.bannerMessage ?? before.brand.bannerMessage,
      logoUrl: set.logoPath === undefined ? before.brand.logoUrl : set.logoPath,
      videoUrl: set.videoPath === undefined ? before.brand.videoUrl : set.videoPath,
      videoUploaded: set.videoPath === undefined ? before.brand.videoUploaded : false,
    },
    contact: { ...before.contact, ...trim(input.contact ?? {}) },
    addresses: input.addresses ? input.addresses.map(trim) : before.addresses,
    social: { ...before.social, ...trim(input.social ?? {}) },
    menus: {
      wwwUrl: set.wwwUrl ?? before.menus.wwwUrl,
      benefits: input.menus?.benefits ? input.menus.benefits.map(trim) : before.menus.benefits,
    },
    documents: {
      registrationAgreement: set.registrationAgreementPath
        ? { source: 'text', url: set.registrationAgreementPath, fileName: 'registration-agreement.txt', text: null }
        : before.documents.registrationAgreement,
      terms: set.termsPath === BUILT_IN_DOCUMENT ? builtIn : before.documents.terms,
      privacy: set.privacyPath === null ? builtIn : before.documents.privacy,
    },
    maintenance: {
      enabled: set.maintenanceMode ?? before.maintenance.enabled,
      message: set.maintenanceMessage ?? before.maintenance.message,
      redirectUrl: set.maintenanceRedirect ?? before.maintenance.redirectUrl,
    },
    origins,
    vm: {
      expiryGraceDays: set.expiryGraceDays ?? before.vm.expiryGraceDays,
      ipMaintenance: set.runMerakiScript ?? before.vm.ipMaintenance,
    },
  };
}
