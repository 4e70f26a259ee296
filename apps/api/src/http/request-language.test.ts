import { describe, expect, it } from 'vitest';
import { namedLanguage, requestLanguage } from './request-language.ts';

const of = (value?: string) => requestLanguage({ headers: value === undefined ? {} : { 'accept-language': value } });

describe('requestLanguage', () => {
  it('takes the language the site sends, or the best of a browser’s list', () => {
    expect(of('ko')).toBe('ko');
    expect(of('ko-KR,ko;q=0.9,en;q=0.8')).toBe('ko');
    expect(of('de, ko;q=0.5, en;q=0.4')).toBe('ko');
    expect(of('en-GB')).toBe('en');
  });

  it('falls back to English for none or another language', () => {
    expect(of()).toBe('en');
    expect(of('')).toBe('en');
    expect(of('fr-FR')).toBe('en');
  });

  it('tells a request that names none of ours from one that names English', () => {
    expect(namedLanguage({ headers: {} })).toBeNull();
    expect(namedLanguage({ headers: { 'accept-language': 'fr' } })).toBeNull();
    expect(namedLanguage({ headers: { 'accept-language': 'en' } })).toBe('en');
    expect(namedLanguage({ headers: { 'accept-language': 'ko-KR' } })).toBe('ko');
  });
});
