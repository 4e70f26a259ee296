import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NewsItem } from '@mawingu/contracts/news';
import { makeConfiguration, ok, stubApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';

const long: NewsItem = {
  ID: 1,
  newsTitle: 'Nairobi region now open',
  newsContent: 'Virtual machines can now be deployed in Nairobi. '.repeat(4),
  imagePath: 'NA',
  newsLinks: [],
};
const linked: NewsItem = {
  ID: 2,
  newsTitle: 'Payments',
  newsContent: 'Four options.',
  imagePath: null,
  newsLinks: ['https://blog.example/payments'],
};
const short: NewsItem = {
  ID: 3,
  newsTitle: 'Windows images',
  newsContent: 'Windows Server 2022 is available.',
  imagePath: '/api/files/w',
  newsLinks: [],
};

function setup(news: NewsItem[]) {
  return stubApi({
    getCompanyConfiguration: ok(makeConfiguration()),
    getDropdownList: ok([]),
    'news/getAllNews': ok(news),
    'news/getNewsDetail': (body) => {
      const item = news.find((n) => n.ID === (body as { ID: number }).ID);
      return item
        ? ok({ ...item, newsContent: `${item.newsContent} (full text)` })
        : { status: 404, message: 'News not available.', data: null };
    },
  });
}

describe('news page', () => {
  it('shows a card per item with "Read More" only for long content or links, and placeholders for missing images', async () => {
    setup([long, linked, short]);
    renderApp('/news');
    expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeTruthy();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByRole('button', { name: 'Read More' })).toBeTruthy();
    expect(within(cards[1]!).getByRole('button', { name: 'Read More' })).toBeTruthy();
    expect(within(cards[2]!).queryByRole('button', { name: 'Read More' })).toBeNull();
    expect(within(cards[0]!).getByTestId('news-image-placeholder')).toBeTruthy();
    expect(within(cards[1]!).getByTestId('news-image-placeholder')).toBeTruthy();
    expect(within(cards[2]!).queryByTestId('news-image-placeholder')).toBeNull();
  });

  it('opens the read-news dialog with the full item and its links', async () => {
    const fetchMock = setup([long, linked]);
    renderApp('/news');
    const cards = await screen.findAllByRole('article');
    await userEvent.click(within(cards[1]!).getByRole('button', { name: 'Read More' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Payments' })).toBeTruthy();
    expect(await within(dialog).findByText('Four options. (full text)')).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: /blog\.example\/payments/ });
    expect(link.getAttribute('href')).toBe('https://blog.example/payments');
    expect(link.getAttribute('target')).toBe('_blank');
    const detailCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('news/getNewsDetail'));
    expect(JSON.parse(String(detailCall![1]!.body))).toEqual({ ID: 2, websiteUrl: window.location.origin });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says "No News Yet" when the company has none', async () => {
    setup([]);
    renderApp('/news');
    expect(await screen.findByText('No News Yet')).toBeTruthy();
  });
});
