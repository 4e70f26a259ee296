import { describe, expect, it } from 'vitest';
import type { CompanyConfiguration } from './company.ts';
import { isCompanyConfigurationComplete, REQUIRED_COMPANY_FIELDS } from './company-rules.ts';

const complete: CompanyConfiguration = {
  companyName: 'Acme Cloud',
  imagePath: '/api/files/logo',
  websiteUrl: 'https://acme.example',
  wwwUrl: '',
  facebook: '',
  instagram: '',
  twitter: '',
  linkedIn: '',
  youtube: '',
  contactNo: '+27 11 000 0000',
  country: 'South Africa',
  emailID: 'hello@acme.example',
  officeAddress: '1 Example Street',
  city: 'Midrand',
  registrationAgreement: '/api/files/agreement',
  termCondition: '/api/files/terms',
  privacyPolicy: null,
  companyVideoPath: null,
  regionID: 1,
  maintenanceModeRedirect: '',
  maintenanceModeMsg: '',
  brandColor: '#1c6dd0',
  brandPalette: { colors: Array(10).fill('#1c6dd0'), shade: 6 },
  bannerMessage: '',
  siteTexts: {},
};

describe('a registrable company configuration', () => {
  it('needs contact number, country, e-mail, office address, registration agreement and terms', () => {
    expect([...REQUIRED_COMPANY_FIELDS].sort()).toEqual(
      ['contactNo', 'country', 'emailID', 'officeAddress', 'registrationAgreement', 'termCondition'].sort(),
    );
    expect(isCompanyConfigurationComplete(complete)).toBe(true);
  });

  it.each(REQUIRED_COMPANY_FIELDS)('is incomplete without %s (empty, blank, "NA" or null)', (field) => {
    for (const missing of ['', '   ', 'NA', null]) {
      expect(isCompanyConfigurationComplete({ ...complete, [field]: missing } as CompanyConfiguration)).toBe(false);
    }
  });

  it('does not need the optional fields (privacy policy, video, social links, city)', () => {
    expect(isCompanyConfigurationComplete({ ...complete, privacyPolicy: null, city: '', facebook: '' })).toBe(true);
  });

  it('is incomplete when there is no configuration at all', () => {
    expect(isCompanyConfigurationComplete(null)).toBe(false);
    expect(isCompanyConfigurationComplete(undefined)).toBe(false);
  });
});
