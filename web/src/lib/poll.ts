import { type Query, type QueryClient, type QueryKey, QueryObserver, type QueryObserverOptions } from '@tanstack/react-query';

/*
 * Waiting on the server (an upload's validation, a submission's ingestion) is a TanStack query that
 * refetches on a backoff: soon after the first answer, then further apart while nothing changes, so the
 * deadline day's thousands of waiting browsers ask a fraction of what a fixed short interval asks.
 */

const FIRST_MS = 1_000;
const GROWTH = 1.5;
const LONGEST_MS = 10_000;

/** The wait before the next poll, after `unchanged` answers in a row that showed the same state: 1 s, ×1.5 each, at most 10 s. */
export function pollDelay(unchanged: number): number {
  return Math.min(LONGEST_MS, Math.round(FIRST_MS * GROWTH ** unchanged));
}

/** What a poll looks for in an answer: its state (a change starts the backoff again) and whether it is final. */
export interface PollWatch<T> {
  state: (data: T) => string;
  done: (data: T) => boolean;
}

/**
 * A `refetchInterval` that backs off while the answers keep the same state and stops once one is final.
 * TanStack calls it whenever the query changes (a fetch starting, an answer arriving), so it counts
 * answers (`dataUpdateCount`) rather than calls.
 */
export function backoffInterval<T>({ state, done }: PollWatch<T>) {
  let since: { state: string; answers: number } | null = null;
  return (query: Pick<Query<T, Error, T, QueryKey>, 'state'>): number | false => {
    const { data, dataUpdateCount } = query.state;
    if (data === undefined) return pollDelay(0);
    if (done(data)) return false;
    const now = state(data);
    if (since?.state !== now) since = { state: now, answers: dataUpdateCount };
    return pollDelay(dataUpdateCount - since.answers);
  };
}

/** The server took longer than the caller is willing to wait (it may still finish). */
export class PollTimeoutError extends Error {
  override name = 'PollTimeoutError';
}

/** The query polled: its key and how it is fetched (routeQuery's options). */
type Polled<T> = Pick<QueryObserverOptions<T, Error, T, T, QueryKey>, 'queryKey' | 'queryFn'>;

export interface PollOptions<T> extends PollWatch<T> {
  /** Rejects with a PollTimeoutError after this long. */
  patienceMs: number;
  /** Each new answer, final or not (e.g. to show the server's stage). */
  onAnswer?: (data: T) => void;
  signal?: AbortSignal;
}

/**
 * Asks at once, then on the backoff, until an answer is final; resolves with it. A failed poll (after
 * the client's retry rule) rejects; so do an abort and running out of patience. Polls go on while the
 * tab is in the background: the person is waiting for this answer.
 */
export function pollUntil<T>(client: QueryClient, { queryKey, queryFn }: Polled<T>, { state, done, patienceMs, onAnswer, signal }: PollOptions<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const observer = new QueryObserver<T, Error, T, T, QueryKey>(client, {
      queryKey,
      queryFn,
      refetchInterval: backoffInterval({ state, done }),
      refetchIntervalInBackground: true,
      staleTime: 0,
      gcTime: 0,
    });
    // Only answers fetched from now on count: a cached one may be from before.
    let seen = observer.getCurrentQuery().state.dataUpdateCount;
    let unsubscribe = () => {};
    const finish = (settle: () => void) => {
      unsubscribe();
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void client.cancelQueries({ queryKey, exact: true });
      settle();
    };
    const onAbort = () => finish(() => reject(signal?.reason ?? new DOMException('Polling stopped.', 'AbortError')));
    const timer = setTimeout(() => finish(() => reject(new PollTimeoutError('Still waiting for the server.'))), patienceMs);
    unsubscribe = observer.subscribe((result) => {
      if (result.isError) return finish(() => reject(result.error));
      const answers = observer.getCurrentQuery().state.dataUpdateCount;
      if (result.data === undefined || answers === seen) return;
      seen = answers;
      const data = result.data;
      onAnswer?.(data);
      if (done(data)) finish(() => resolve(data));
    });
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}
