import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/i18n.ts';
import { useSpecText } from './spec-text.ts';

describe('useSpecText', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('shows spec texts in the chosen language and any other text as it is', async () => {
    const { result } = renderHook(() => useSpecText());
    expect(result.current('The email already exists')).toBe('The email already exists');
    await act(async () => {
      await setLanguage('ko');
    });
    expect(result.current('The email already exists')).toBe('이미 등록된 이메일입니다');
    expect(result.current('Back at 14:00 SAST')).toBe('Back at 14:00 SAST');
  });
});
