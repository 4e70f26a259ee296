import { describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import accountEn from '../../i18n/account/en.json';
import { inputFilters } from './input-filters.ts';

describe('account texts', () => {
  it('keeps the spec’s texts (and our replies) word for word in English', () => {
    for (const [key, text] of Object.entries(accountEn.spec)) expect(messages[key as keyof typeof messages], key).toBe(text);
  });
});

describe('profile keystroke filters', () => {
  it.each([
    ['name', 'Zoë, O’Brien-2', 'Zoë, OBrien'],
    ['digits', '+27 82 123', '2782123'],
    ['lettersAndSpaces', 'Port-Louis 2', 'PortLouis '],
    ['postcode', 'EC1A 1BB', 'ec1a1bb'],
  ] as const)('%s keeps only what the field accepts', (filter, typed, kept) => {
    expect(inputFilters[filter](typed)).toBe(kept);
  });
});
