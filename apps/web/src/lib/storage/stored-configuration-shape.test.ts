import { describe, expect, it } from 'vitest';
import { companyConfiguration } from '@mawingu/contracts/company';
import { makeConfiguration } from '../../../test/fake-api.ts';
import { asCompanyConfiguration } from './stored-configuration-shape.ts';

/** What the contract's schema makes of a value: the parsed configuration, or null. */
const bySchema = (value: unknown) => {
  const parsed = companyConfiguration.safeParse(value);
  return parsed.success ? parsed.data : null;
};

describe('the stored configuration check', () => {
  it('accepts what the contract accepts, without fields the contract does not have', () => {
    const stored = { ...makeConfiguration({ regionID: null, privacyPolicy: null }), leftover: 'from an older version' };
    expect(asCompanyConfiguration(stored)).toEqual(bySchema(stored));
    expect(asCompanyConfiguration(stored)).not.toHaveProperty('leftover');
  });

  it('rejects a missing or mistyped field wherever the contract does', () => {
    const wrongValues: unknown[] = [
      undefined,
      42,
      1.5,
      'text',
      null,
      true,
      [],
      {},
      { colors: Array(9).fill('#fff'), shade: 6 },
      { colors: Array(10).fill('#fff'), shade: 10 },
    ];
    for (const field of Object.keys(companyConfiguration.shape)) {
      for (const wrong of wrongValues) {
        const stored = { ...makeConfiguration(), [field]: wrong };
        expect([field, wrong, asCompanyConfiguration(stored)]).toEqual([field, wrong, bySchema(stored)]);
      }
    }
  });

  it('rejects anything that is not a configuration object', () => {
    for (const value of [null, 'text', 3, [makeConfiguration()]]) expect(asCompanyConfiguration(value)).toBeNull();
  });
});
