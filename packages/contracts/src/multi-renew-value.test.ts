import { describe, expect, it } from 'vitest';
import { decodeMultiRenewValue, encodeMultiRenewValue } from './multi-renew-value.ts';

describe('multi-renew route value', () => {
  it('carries the VM ids through a URL-safe value', () => {
    const value = encodeMultiRenewValue([12, 15, 999]);
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeMultiRenewValue(value)).toEqual([12, 15, 999]);
  });

  it('refuses values that are not a list of ids', () => {
    expect(decodeMultiRenewValue('%%%')).toBeNull();
    expect(decodeMultiRenewValue(encodeMultiRenewValue([]))).toBeNull();
    expect(decodeMultiRenewValue(btoa('1, two'))).toBeNull();
    expect(decodeMultiRenewValue(btoa('0'))).toBeNull();
  });
});
