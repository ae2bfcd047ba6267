import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { routeKey } from '@/lib/queries';
import { FRAUD_PAGE_SIZE, type FraudReportItem } from '@shared/api/fraud';
import { listFraudReports, searchFraudReports as searchRoute } from '@shared/routes/fraud';
import { latestFraudReports, searchFraudReports } from './search-reports';

/** Spec §4: fraud search modes idle, search (by NRC list) and latest. */
export type SearchMode = 'idle' | 'search' | 'latest';

export interface SearchPage {
  items: FraudReportItem[];
  /** Reports in the whole result (all pages). */
  total: number;
  /** 1-based. */
  page: number;
  paged: boolean;
  hasPrev: boolean;
  hasNext: boolean;
  /** Search mode: how many of the searched NRCs are on the registry. */
  matchedNrcs?: number;
  /** Search mode: how many NRCs this result searched (not whatever the box holds now). */
  searchedNrcs?: number;
}

export interface FraudSearchState {
  mode: SearchMode;
  loading: boolean;
  error: unknown;
  result: SearchPage | null;
}

/** What the person asked for. `run` makes asking again a new request: every search is audited. */
type Request =
  | { mode: 'idle' }
  | { mode: 'search'; run: number; nrcs: string[]; page: number; cursors: (string | undefined)[] }
  | { mode: 'latest'; run: number; limit: number; page: number };

/** Asked for, never refetched behind the person's back (on focus, remount or reconnect), never retried. */
const ON_REQUEST = { staleTime: Infinity, gcTime: 0, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, refetchOnMount: false } as const;

/**
 * The Fraud Search screen's data: a search by NRC list (server pages above 100 NRCs, followed with
 * cursors kept for Prev) or the latest N reports (paged 10 at a time here). Each request is a TanStack
 * query keyed by what was asked: a newer one replaces an older one, whose fetch is cancelled.
 */
export function useFraudSearch() {
  const [request, setRequest] = useState<Request>({ mode: 'idle' });
  const searching = request.mode === 'search' ? request : null;
  const latest = request.mode === 'latest' ? request : null;

  const search = useQuery({
    queryKey: routeKey(searchRoute, { run: searching?.run, nrcs: searching?.nrcs, cursor: searching?.cursors[searching.page] }),
    queryFn: ({ signal }) => searchFraudReports(searching!.nrcs, searching!.cursors[searching!.page], signal),
    enabled: searching !== null,
    ...ON_REQUEST,
  });
  const latestList = useQuery({
    queryKey: routeKey(listFraudReports, { run: latest?.run, limit: latest?.limit }),
    queryFn: ({ signal }) => latestFraudReports(latest!.limit, signal),
    enabled: latest !== null,
    ...ON_REQUEST,
  });

  const state = ((): FraudSearchState => {
    if (searching) {
      const data = search.data;
      return {
        mode: 'search',
        loading: search.isFetching,
        error: search.error,
        result: data
          ? {
              items: data.items,
              total: data.total,
              page: searching.page + 1,
              paged: data.paged,
              hasPrev: searching.page > 0,
              hasNext: data.next_cursor !== null,
              matchedNrcs: data.matched_nrcs,
              searchedNrcs: searching.nrcs.length,
            }
          : null,
      };
    }
    if (latest) {
      const all = latestList.data?.items;
      const start = latest.page * FRAUD_PAGE_SIZE;
      return {
        mode: 'latest',
        loading: latestList.isFetching,
        error: latestList.error,
        result: all
          ? {
              items: all.slice(start, start + FRAUD_PAGE_SIZE),
              total: all.length,
              page: latest.page + 1,
              paged: true,
              hasPrev: latest.page > 0,
              hasNext: start + FRAUD_PAGE_SIZE < all.length,
            }
          : null,
      };
    }
    return { mode: 'idle', loading: false, error: null, result: null };
  })();

  const goTo = (delta: 1 | -1) => {
    if (!state.result || state.loading) return;
    const index = state.result.page - 1 + delta;
    if (index < 0) return;
    if (latest) setRequest({ ...latest, page: index });
    else if (searching && search.data) {
      const cursors = [...searching.cursors];
      cursors[searching.page + 1] = search.data.next_cursor ?? undefined;
      setRequest({ ...searching, page: index, cursors });
    }
  };

  return {
    ...state,
    search: (nrcs: string[]) => setRequest((r) => ({ mode: 'search', run: ('run' in r ? r.run : 0) + 1, nrcs, page: 0, cursors: [undefined] })),
    loadLatest: (limit: number) => setRequest((r) => ({ mode: 'latest', run: ('run' in r ? r.run : 0) + 1, limit, page: 0 })),
    next: () => goTo(1),
    prev: () => goTo(-1),
    reset: () => setRequest({ mode: 'idle' }),
  };
}
