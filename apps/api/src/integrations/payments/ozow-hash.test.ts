import { describe, expect, it } from 'vitest';
import { requestHashCheck, responseHash } from './ozow-hash.ts';

// Vectors from /work/shared/reference/protocols.md §2.3 (official, OZ-DOCS) and §2.4 (self-computed).
const KEY = '215114531AFF7134A94C88CEEA48E';

describe('Ozow HashCheck', () => {
  it('matches the official request vector (fields in table order, key appended, lower-cased, SHA-512)', () => {
    const fields: Array<[string, string]> = [
      // Posted out of order on purpose: the hash follows the table order, not the posted one.
      ['IsTest', 'false'],
      ['SiteCode', 'TSTSTE0001'],
      ['CountryCode', 'ZA'],
      ['CurrencyCode', 'ZAR'],
      ['Amount', '25.00'],
      ['TransactionReference', '123'],
      ['BankReference', 'ABC123'],
      ['CancelUrl', 'http://demo.ozow.com/cancel.aspx'],
      ['ErrorUrl', 'http://demo.ozow.com/error.aspx'],
      ['SuccessUrl', 'http://demo.ozow.com/success.aspx'],
      ['NotifyUrl', 'http://demo.ozow.com/notify.aspx'],
      ['CustomerCellphoneNumber', '0821234567'],
    ];
    expect(requestHashCheck(fields, KEY)).toBe(
      'eedcba106cd8fef3ba6cec5ec80de7d7d7fc90343028bf95b908718c671d0fe885ca08b206d788de009d237a93c18e66edf6ede3f5ca7057e23474106465dcc6',
    );
  });

  it('matches the response vector whose hash starts with a zero (all 128 hex digits kept)', () => {
    const fields: Array<[string, string]> = [
      ['SiteCode', 'TSTSTE0001'],
      ['TransactionId', 'a1b2c3d4-0000-0000-0000-000000000001'],
      ['TransactionReference', '123'],
      ['Amount', '25.00'],
      ['Status', 'Complete'],
      ['Optional1', ''],
      ['CurrencyCode', 'ZAR'],
      ['IsTest', 'false'],
      ['StatusMessage', ''],
      ['Customer', 'not hashed'],
    ];
    const hash = responseHash(fields, KEY);
    expect(hash).toHaveLength(128);
    expect(hash).toBe(
      '0466d90785017a65f0108957c5a22b3e1f24eb1c4d17ea7b09af265afd8beb9fe0ec80d15813ecf79d168da51b65bc40dd996bfd5b0a4b0b35013ce6d08c57db',
    );
  });
});
