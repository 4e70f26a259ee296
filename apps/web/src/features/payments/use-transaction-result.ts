import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { postTransactionUpdate } from '../../api/payments/transaction-update.ts';
import type { ReturnRequest } from './return-request.ts';

/** While the gateway has not confirmed yet (Pending), ask again this often… */
export const PENDING_POLL_MS = 2000;
/** …for up to a minute (30 more questions), then show the calm "still waiting" state with Check again. */
export const PENDING_MAX_POLLS = 30;

/**
 * Posts a result page's transaction update once per page visit and follows a Pending answer.
 * A query, not a mutation: it is keyed by the visit (history entry and address), so React's
 * StrictMode double effects, a re-render or coming back to the entry never post it again; the
 * request is not cancelled when the page unmounts, since an abandoned confirmation would still
 * reach the server.
 */
export function useTransactionResult(request: ReturnRequest | null, visitKey: string) {
  const client = useQueryClient();
  // Answers counted from the latest "Check again" (or from the start).
  const [answersBefore, setAnswersBefore] = useState(0);
  const queryKey = ['payments', 'transaction-update', visitKey, request?.call ?? null, request?.body ?? null] as const;
  const polls = (answers: number) => answers - answersBefore - 1;
  const query = useQuery({
    queryKey,
    queryFn: () => postTransactionUpdate(request!.call, request!.body),
    enabled: request !== null,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
    refetchInterval: (q) =>
      q.state.data?.data?.transactionStatus === 'Pending' && polls(q.state.dataUpdateCount) < PENDING_MAX_POLLS ? PENDING_POLL_MS : false,
  });
  // The observer re-renders on every answer, so the cache's count is current here.
  const answers = client.getQueryState(queryKey)?.dataUpdateCount ?? 0;
  const gaveUp = query.data?.data?.transactionStatus === 'Pending' && !query.isFetching && polls(answers) >= PENDING_MAX_POLLS;
  return {
    query,
    /** Still Pending after a minute of asking: time for the "still waiting" state. */
    gaveUp,
    checkAgain: () => {
      setAnswersBefore(answers);
      void query.refetch();
    },
  };
}
