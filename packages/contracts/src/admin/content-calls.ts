import { defineCalls } from '../call.ts';

/** The console's news, FAQ, notification and newsletter calls (under /api/admin); schemas in content.ts. */
const call = defineCalls(() => import('./content.ts'));

export const newsListCall = call('GET', 'companies/:companyId/content/news', (s) => ({ reply: s.adminNewsList }));
export const createNewsCall = call('POST', 'companies/:companyId/content/news', (s) => ({ request: s.newsInput, reply: s.adminNewsItem }));
export const updateNewsCall = call('PUT', 'companies/:companyId/content/news/:newsId', (s) => ({
  request: s.newsInput,
  reply: s.adminNewsItem,
}));
export const deleteNewsCall = call('DELETE', 'companies/:companyId/content/news/:newsId', () => ({}));
/** Multipart, the file under NEWS_IMAGE_FIELD. */
export const uploadNewsImageCall = call('POST', 'companies/:companyId/content/news/image', (s) => ({ reply: s.newsImageReply }));

export const faqListCall = call('GET', 'companies/:companyId/content/faq', (s) => ({ reply: s.adminFaqList }));
export const createFaqCall = call('POST', 'companies/:companyId/content/faq', (s) => ({ request: s.faqInput, reply: s.adminFaqEntry }));
export const updateFaqCall = call('PUT', 'companies/:companyId/content/faq/:faqId', (s) => ({
  request: s.faqInput,
  reply: s.adminFaqEntry,
}));
export const deleteFaqCall = call('DELETE', 'companies/:companyId/content/faq/:faqId', () => ({}));
export const reorderFaqCall = call('PUT', 'companies/:companyId/content/faq/order', (s) => ({
  request: s.faqOrderInput,
  reply: s.adminFaqList,
}));

export const recipientsCall = call('GET', 'companies/:companyId/content/recipients', (s) => ({
  query: s.recipientQuery,
  reply: s.recipientsReply,
}));
export const sendNotificationCall = call('POST', 'companies/:companyId/content/notifications', (s) => ({
  request: s.notificationInput,
  reply: s.notificationReply,
}));

export const subscribersCall = call('GET', 'companies/:companyId/content/newsletter/subscribers', (s) => ({
  query: s.subscribersQuery,
  reply: s.subscribersPage,
}));
/** A CSV file, not an envelope. */
export const subscribersCsvCall = call('GET', 'companies/:companyId/content/newsletter/subscribers.csv', (s) => ({
  query: s.subscribersExportQuery,
}));
export const sendNewsletterCall = call('POST', 'companies/:companyId/content/newsletter/send', (s) => ({
  request: s.newsletterSendInput,
  reply: s.newsletterSendReply,
}));
