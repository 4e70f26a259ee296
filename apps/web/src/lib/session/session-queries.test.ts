import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { resetSessionQueries } from './session-queries.ts';

describe('resetSessionQueries', () => {
  it('drops answers that depend on the customer and keeps the public ones', async () => {
    const client = new QueryClient();
    client.setQueryData(['company', 'configuration'], 'branding');
    client.setQueryData(['news', 'all'], 'news');
    client.setQueryData(['catalog', 'products', 'all'], 'cards with prices');
    client.setQueryData(['profile', 'info'], 'Jane');

    await resetSessionQueries(client);

    expect(client.getQueryData(['company', 'configuration'])).toBe('branding');
    expect(client.getQueryData(['news', 'all'])).toBe('news');
    expect(client.getQueryData(['catalog', 'products', 'all'])).toBeUndefined();
    expect(client.getQueryData(['profile', 'info'])).toBeUndefined();
  });
});
