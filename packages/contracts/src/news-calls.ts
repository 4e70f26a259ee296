import { defineCalls } from './call.ts';

/** The news calls (under /api); schemas in news.ts. */
const call = defineCalls(() => import('./news.ts'));

export const getAllNewsCall = call('POST', 'news/getAllNews', (s) => ({
  request: s.getAllNewsRequest,
  reply: s.getAllNewsResponse.shape.data,
}));
export const getNewsDetailCall = call('POST', 'news/getNewsDetail', (s) => ({ request: s.getNewsDetailRequest, reply: s.newsItem }));
