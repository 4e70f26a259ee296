import { describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import tickets from '../../i18n/tickets/en.json';
import saved from '../../i18n/saved/en.json';

// i18next writes placeholders as {{name}}, the contracts as {name}.
const asContract = (text: string) => text.replace(/\{\{(\w+)\}\}/g, '{$1}');

describe('spec texts of tickets and saved items', () => {
  it.each([
    ['tickets', tickets.spec],
    ['saved', saved.spec],
  ])('keeps the English %s texts word for word', (_, texts) => {
    for (const [key, text] of Object.entries(texts)) {
      expect(asContract(text), key).toBe(messages[key as keyof typeof messages]);
    }
  });
});
