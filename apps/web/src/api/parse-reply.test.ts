import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorData } from '@mawingu/contracts/envelope';
import { newsItem } from '@mawingu/contracts/news';
import { NO_RESPONSE_STATUS } from './call-api.ts';
import { parseErrorReply, parseReply } from './parse-reply.ts';

const item = { ID: 1, newsTitle: 'Title', newsContent: 'Text', imagePath: null, newsLinks: [] };

describe('parseReply', () => {
  it('checks replies against the contract schema in development and tests', () => {
    expect(import.meta.env.DEV).toBe(true);
    expect(parseReply({ status: 200, message: 'OK', data: [item] }, import.meta.env.DEV && z.array(newsItem))).toEqual({
      status: 200,
      message: 'OK',
      data: [item],
    });
    const broken = parseReply({ status: 200, message: 'OK', data: [{ ...item, ID: 'one' }] }, z.array(newsItem));
    expect(broken.status).toBe(NO_RESPONSE_STATUS);
    expect(broken.data).toBeNull();
  });

  it('without a schema (the production build) still refuses data-carrying replies with no data', () => {
    expect(parseReply({ status: 200, message: 'OK', data: [item] }, false)).toEqual({ status: 200, message: 'OK', data: [item] });
    for (const data of [null, 'text', 7]) {
      const reply = parseReply({ status: 200, message: 'OK', data }, false);
      expect([reply.status, reply.data]).toEqual([NO_RESPONSE_STATUS, null]);
      expect(reply.message).toBe('The server sent an unexpected reply (HTTP 200).');
    }
  });

  it('keeps status and message of replies without data', () => {
    for (const schema of [newsItem, false] as const) {
      expect(parseReply({ status: 404, message: 'News not available.', data: { fieldErrors: {} } }, schema)).toEqual({
        status: 404,
        message: 'News not available.',
        data: null,
      });
    }
  });
});

describe('parseErrorReply', () => {
  it('reads field errors and the request id exactly as the contract schema does', () => {
    const samples: unknown[] = [
      null,
      { fieldErrors: { emailID: 'Enter correct email' } },
      { fieldErrors: { emailID: 'Enter correct email' }, requestId: 'req-1', extra: true },
      { requestId: 'req-2' },
      {},
      { fieldErrors: { emailID: 3 } },
      { fieldErrors: ['Enter correct email'] },
      { requestId: 5 },
      [],
      'text',
      7,
    ];
    for (const data of samples) {
      const parsed = errorData.safeParse(data);
      expect([data, parseErrorReply({ status: 400, message: 'Invalid request', data }).data]).toEqual([
        data,
        parsed.success ? parsed.data : null,
      ]);
    }
  });
});
