import { describe, expect, it } from 'vitest';
import { usableMediaPath } from './media-path.ts';

describe('usableMediaPath', () => {
  it('keeps site paths and web addresses', () => {
    expect(usableMediaPath(' /api/files/abc ')).toBe('/api/files/abc');
    expect(usableMediaPath('https://cdn.example/terms.pdf')).toBe('https://cdn.example/terms.pdf');
  });
  it('refuses empty, "NA", protocol-relative and non-web values', () => {
    for (const value of [
      null,
      undefined,
      '',
      'NA',
      '//evil.example/x.pdf',
      'javascript:alert(1)',
      'data:application/pdf;base64,AA',
      'terms.pdf',
    ]) {
      expect(usableMediaPath(value)).toBeNull();
    }
  });
});
