import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callApi } from '../call-api.ts';
import { usePendingRequestCount } from '../pending-requests.ts';
import { getUserNotifications } from './get-user-notifications.ts';

describe('the bell’s poll', () => {
  it('does not count as a request the page waits for (no loading overlay every minute)', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const pending = renderHook(() => usePendingRequestCount());

    let poll!: Promise<unknown>;
    act(() => {
      poll = getUserNotifications();
    });
    expect(pending.result.current).toBe(0);
    act(() => answer(Response.json({ status: 200, message: 'Success', data: { newNotificationCount: 0, list: [] } })));
    await act(() => poll);

    // An ordinary call is counted, so the test above can tell the difference.
    let call!: Promise<unknown>;
    act(() => {
      call = callApi('news/getAllNews', {});
    });
    expect(pending.result.current).toBe(1);
    act(() => answer(Response.json({ status: 200, message: 'Success', data: [] })));
    await act(() => call);
    expect(pending.result.current).toBe(0);
  });
});
