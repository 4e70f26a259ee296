/**
 * Korean particles depend on the word before them: 이/가, 은/는, 을/를, 과/와, 으로/로 after a
 * syllable with or without a final consonant. A translated text whose word is filled in at run time
 * writes both ("{field}이(가)"); once the word is known the right one is chosen. After anything but a
 * Hangul syllable (a name in Latin letters, a number) both stay, as Korean writing does.
 */
const PARTICLES: Record<string, [withFinal: string, withoutFinal: string]> = {
  '이(가)': ['이', '가'],
  '은(는)': ['은', '는'],
  '을(를)': ['을', '를'],
  '과(와)': ['과', '와'],
  '(으)로': ['으로', '로'],
  '(이)어야': ['이어야', '여야'],
};

const pattern = new RegExp(
  `([\\uac00-\\ud7a3])(${Object.keys(PARTICLES)
    .map((p) => p.replace(/[()]/g, '\\$&'))
    .join('|')})`,
  'g',
);

/** The final consonant of a Hangul syllable: 0 for none, 8 for ㄹ. */
const finalOf = (syllable: string) => (syllable.charCodeAt(0) - 0xac00) % 28;
const RIEUL = 8;

export function resolveParticles(text: string): string {
  return text.replace(pattern, (_whole, syllable: string, written: string) => {
    const [withFinal, withoutFinal] = PARTICLES[written]!;
    const final = finalOf(syllable);
    // 으로 is for finals other than ㄹ: 서울로, 집으로.
    const hasFinal = written === '(으)로' ? final !== 0 && final !== RIEUL : final !== 0;
    return syllable + (hasFinal ? withFinal : withoutFinal);
  });
}
