import { describe, expect, it } from 'vitest';
import { normaliseOrigin } from './tenant.ts';

describe('a site URL as the company table stores it', () => {
  it('is the lower-case origin without path or default port, the same each time it is asked', () => {
    for (let i = 0; i < 2; i++) {
      expect(normaliseOrigin(' HTTPS://Shop.Example.co.za:443/marketplace/ ')).toBe('https://shop.example.co.za');
      expect(normaliseOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    }
  });

  it('is nothing for what is not an http(s) address, however often it comes', () => {
    for (let i = 0; i < 2; i++) {
      for (const raw of ['ftp://files.example.co.za', 'not a url', '', undefined, null]) expect(normaliseOrigin(raw)).toBeNull();
    }
  });
});
