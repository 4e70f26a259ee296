import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import i18n, { setLanguage } from '../../i18n/i18n.ts';
import en from '../../i18n/auth/en.json';
import { matchSpecText } from '../../lib/spec-text.ts';
import { useAuthText } from './auth-text.ts';
import { digitsOnly, lettersAndSpaces, postcodeCharacters } from './keystroke-filters.ts';

describe('account texts', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('keeps every spec text of the auth namespace word for word in English', () => {
    for (const [key, text] of Object.entries(en.spec)) expect(messages[key as keyof typeof messages], key).toBe(text);
  });

  it('recognises a reply with the masked e-mail filled in', () => {
    expect(matchSpecText('An OTP is sent to your ja****@example.test')).toEqual({
      key: 'otpSent',
      values: { email: 'ja****@example.test' },
    });
    expect(matchSpecText('An OTP is Resent to your ja****@example.test')?.key).toBe('otpResent');
    expect(matchSpecText('Something the company wrote')).toBeNull();
  });

  it('shows spec texts and filled replies in Korean, and other texts as they are', async () => {
    await setLanguage('ko');
    await i18n.loadNamespaces('auth');
    const { result } = renderHook(() => useAuthText());
    await waitFor(() => expect(result.current(messages.otpRequired)).toBe('OTP를 입력하세요'));
    expect(result.current('An OTP is sent to your ja****@example.test')).toBe('ja****@example.test(으)로 OTP를 보냈습니다');
    expect(result.current('Something the company wrote')).toBe('Something the company wrote');
  });
});

describe('keystroke filters', () => {
  it('let letters (any script) and spaces into names, city and state', () => {
    expect(lettersAndSpaces('Zoë-Anne 3 Ndlovu!')).toBe('ZoëAnne  Ndlovu');
  });

  it('let digits into the mobile number', () => {
    expect(digitsOnly('+27 (082) 123-4567')).toBe('270821234567');
  });

  it('let digits and lower-case letters into the postcode, lowering capitals', () => {
    expect(postcodeCharacters('SW1A 1aa-')).toBe('sw1a1aa');
  });
});
