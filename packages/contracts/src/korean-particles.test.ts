import { describe, expect, it } from 'vitest';
import { resolveParticles } from './korean-particles.ts';

describe('resolveParticles', () => {
  it('chooses the particle the word before it takes', () => {
    expect(resolveParticles('총액이(가) 다릅니다')).toBe('총액이 다릅니다');
    expect(resolveParticles('스냅샷이(가) 준비되었습니다')).toBe('스냅샷이 준비되었습니다');
    expect(resolveParticles('디스크 크기은(는) 10부터')).toBe('디스크 크기는 10부터');
    expect(resolveParticles('복제본을(를) 삭제하는 중')).toBe('복제본을 삭제하는 중');
    expect(resolveParticles('세율을(를)')).toBe('세율을');
    expect(resolveParticles('서울(으)로, 부산(으)로, 세종(으)로')).toBe('서울로, 부산으로, 세종으로');
    expect(resolveParticles('메모리 단위은(는) GB(이)어야')).toBe('메모리 단위는 GB(이)어야');
  });

  it('leaves both forms after a name in Latin letters or a number', () => {
    expect(resolveParticles('web-01이(가) 준비되었습니다')).toBe('web-01이(가) 준비되었습니다');
    expect(resolveParticles('Ubuntu Server은(는)')).toBe('Ubuntu Server은(는)');
  });
});
