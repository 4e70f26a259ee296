import { describe, expect, it } from 'vitest';
import { displayValue } from './display-value.ts';
import { isHttpUrl, toExternalHref } from './external-url.ts';

describe('toExternalHref', () => {
  it('keeps http(s) addresses and adds https:// to bare hosts', () => {
    expect(toExternalHref('https://facebook.com/acme')).toBe('https://facebook.com/acme');
    expect(toExternalHref('http://acme.test')).toBe('http://acme.test/');
    expect(toExternalHref(' www.acme.test/about ')).toBe('https://www.acme.test/about');
  });

  it('gives null for empty, NA and non-web schemes', () => {
    for (const value of ['', '   ', 'NA', 'na', null, undefined, 'javascript:alert(1)', 'data:text/html,x', 'mailto:a@b.c']) {
      expect(toExternalHref(value)).toBeNull();
    }
  });
});

describe('isHttpUrl', () => {
  it('accepts only absolute http(s) URLs', () => {
    expect(isHttpUrl('https://status.acme.test')).toBe(true);
    expect(isHttpUrl('/home')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('')).toBe(false);
  });
});

describe('displayValue', () => {
  it('shows "NA" as blank', () => {
    expect(displayValue('NA')).toBe('');
    expect(displayValue(' Nairobi ')).toBe('Nairobi');
    expect(displayValue(null)).toBe('');
  });
});
