import { describe, expect, it } from 'vitest';
import { phpUrlencode } from './form-encoding.ts';
import { checkoutParamString, checkoutSignature, itnSignature, orderedCheckoutFields } from './payfast-signature.ts';

// Vectors from /work/shared/reference/protocols.md §1.3 (self-computed checkout) and §1.4 (official ITN, PF-SDK).
const checkout = orderedCheckoutFields({
  // Deliberately given out of order: the documented order must win.
  item_name: 'Order#123',
  amount: '10.00',
  m_payment_id: '1234',
  email_address: 'test@test.com',
  name_last: 'Last Name',
  name_first: 'First Name',
  notify_url: 'https://your.domain/notify.php',
  cancel_url: 'https://your.domain/cancel.php',
  return_url: 'https://your.domain/return.php',
  merchant_key: '46f0cd694581a',
  merchant_id: '10000100',
  item_description: '   ',
});

describe('PayFast checkout signature', () => {
  it('lists non-blank fields in the documented order, PHP-urlencoded', () => {
    expect(checkoutParamString(checkout)).toBe(
      'merchant_id=10000100&merchant_key=46f0cd694581a&return_url=https%3A%2F%2Fyour.domain%2Freturn.php&cancel_url=https%3A%2F%2Fyour.domain%2Fcancel.php&notify_url=https%3A%2F%2Fyour.domain%2Fnotify.php&name_first=First+Name&name_last=Last+Name&email_address=test%40test.com&m_payment_id=1234&amount=10.00&item_name=Order%23123',
    );
  });

  it('matches the vector without a passphrase', () => {
    expect(checkoutSignature(checkout)).toBe('1e8d2b1630a15355a6992d5dbfbb5ba2');
  });

  it('matches the vector with the sandbox passphrase', () => {
    expect(checkoutSignature(checkout, 'jt7NOE43FZPn')).toBe('98971f0cce7d910b4efb9a5b9a7d8daf');
  });

  it('changes when any signed value changes', () => {
    const cheaper = checkout.map(([n, v]): [string, string] => [n, n === 'amount' ? '1.00' : v]);
    expect(checkoutSignature(cheaper, 'jt7NOE43FZPn')).not.toBe('98971f0cce7d910b4efb9a5b9a7d8daf');
  });
});

describe('PayFast ITN signature', () => {
  const blanks = (prefix: string) => [1, 2, 3, 4, 5].map((i): [string, string] => [`${prefix}${i}`, '']);
  const itn: Array<[string, string]> = [
    ['m_payment_id', '000000020'],
    ['pf_payment_id', '1579137'],
    ['payment_status', 'COMPLETE'],
    ['item_name', 'Order #000000020'],
    ['item_description', ''],
    ['amount_gross', '15.00'],
    ['amount_fee', '-2.30'],
    ['amount_net', '12.70'],
    ...blanks('custom_str'),
    ...blanks('custom_int'),
    ['name_first', 'Tom'],
    ['name_last', 'Tom'],
    ['email_address', 'lindley+user1@appinlet.com'],
    ['merchant_id', '10027938'],
    ['signature', '4078bca2c8987e0e0c4e7230f2f46323'],
  ];

  it('matches the official PF-SDK vector (empty fields included, signature excluded)', () => {
    expect(itnSignature(itn)).toBe('4078bca2c8987e0e0c4e7230f2f46323');
  });

  it('differs when empty fields are skipped (they must not be)', () => {
    expect(itnSignature(itn.filter(([, v]) => v !== ''))).not.toBe('4078bca2c8987e0e0c4e7230f2f46323');
  });

  it('depends on the received order', () => {
    const swapped = [itn[1]!, itn[0]!, ...itn.slice(2)];
    expect(itnSignature(swapped)).not.toBe('4078bca2c8987e0e0c4e7230f2f46323');
  });
});

describe('PHP urlencode', () => {
  it('escapes everything but A-Za-z0-9-_. with upper-case hex and + for spaces', () => {
    expect(phpUrlencode("a b+c@d#e~f!g'h(i)j*k-l_m.n/o:p")).toBe('a+b%2Bc%40d%23e%7Ef%21g%27h%28i%29j%2Ak-l_m.n%2Fo%3Ap');
    expect(phpUrlencode('Zoë')).toBe('Zo%C3%AB');
  });
});
