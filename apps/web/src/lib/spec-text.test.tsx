import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fill, messages } from '@mawingu/contracts/messages';
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

  it('shows a server text with values filled in, in Korean, with the values it carries', async () => {
    await setLanguage('ko');
    const { result } = renderHook(() => useSpecText());
    const inUse = fill(messages.publicIpPortInUse, { port: '22', protocol: 'TCP' });
    expect(result.current(inUse)).toBe('다른 가상 머신이 이미 사용 중인 포트입니다: 22(TCP). 다른 포트를 선택해 주세요');
    // A value that is itself a text of the spec, and the words the server fills in, are translated too
    // (with the particle that word takes).
    const failed = fill(messages.publicIpFailed, { name: 'web-01', reason: messages.publicIpNetworkFailed });
    expect(result.current(failed)).toBe(
      'web-01에 공인 IP를 할당하지 못했습니다: 네트워크를 변경하지 못했습니다. 나중에 다시 시도하거나 고객 지원에 문의해 주세요',
    );
    expect(result.current(fill(messages.backupReady, { kind: 'snapshot', name: 'web-01' }))).toBe('web-01의 스냅샷이 준비되었습니다');
    const price = fill(messages.amountMismatch, { field: 'Total amount', amount: '558.37 ZAR' });
    expect(result.current(price)).toBe('총액이 현재 가격(558.37 ZAR)과 일치하지 않습니다. 이전 페이지로 돌아가 구성을 확인해 주세요.');
  });
});
