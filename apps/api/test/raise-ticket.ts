import { expect } from 'vitest';
import { multipartBody } from './multipart.ts';
import { authHeaders, type SignedIn } from './sign-in.ts';
import type { TestContext } from './test-app.ts';

/** A ticket as a signed-in customer raises it on their company's site (no files); its number. */
export async function raiseTicket(
  t: TestContext,
  origin: string,
  who: SignedIn,
  description: string,
  issueType = 'Billing',
): Promise<number> {
  const body = multipartBody([
    { name: 'issueType', data: issueType },
    { name: 'description', data: description },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ticket/generateTicket',
    payload: body.payload,
    headers: { ...authHeaders(origin, who), ...body.headers },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.ticketID as number;
}
