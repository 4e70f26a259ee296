import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email.ts';

describe('maskEmail', () => {
  it('keeps the first two characters and the domain', () => {
    expect(maskEmail('thandi@example.co.za')).toBe('th****@example.co.za');
  });

  it('shows one character of a short local part and never its length', () => {
    expect(maskEmail('ab@example.com')).toBe('a****@example.com');
    expect(maskEmail('a@example.com')).toBe('a****@example.com');
    expect(maskEmail('abc@example.com')).toBe('ab****@example.com');
  });

  it('hides everything of something that is not an address', () => {
    expect(maskEmail('nonsense')).toBe('****');
    expect(maskEmail('@example.com')).toBe('****');
  });
});
