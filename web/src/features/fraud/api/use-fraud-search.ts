import { useCallback, useRef, useState } from 'react';
import { FRAUD_PAGE_SIZE, type FraudReportItem } from '@shared/api/fraud';
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
}

export interface FraudSearchState {
  mode: SearchMode;
  loading: boolean;
  error: unknown;
  result: SearchPage | null;
}

const IDLE: FraudSearchState = { mode: 'idle', loading: false, error: null, result: null };

/**
 * The Fraud Search screen's data: a search by NRC list (server pages above 100 NRCs, followed with
 * cursors kept for Prev) or the latest N reports (paged 10 at a time here). A newer request cancels
 * an older one, so a slow answer never replaces a newer one.
 */
export function useFraudSearch() {
  const [state, setState] = useState<FraudSearchState>(IDLE);
  const inflight = useRef<AbortController | null>(null);
  const searchRef = useRef<{ nrcs: string[]; cursors: (string | undefined)[]; next: string | null }>({ nrcs: [], cursors: [], next: null });
  const latestRef = useRef<FraudReportItem[]>([]);

  const begin = (mode: SearchMode) => {
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    setState((s) => ({ mode, loading: true, error: null, result: s.mode === mode ? s.result : null }));
    return controller;
  };
  const fail = (controller: AbortController, mode: SearchMode, error: unknown) => {
    if (!controller.signal.aborted) setState({ mode, loading: false, error, result: null });
  };

  const fetchSearchPage = useCallback(async (pageIndex: number) => {
    const controller = begin('search');
    const ref = searchRef.current;
    try {
      const data = await searchFraudReports(ref.nrcs, ref.cursors[pageIndex], controller.signal);
      if (controller.signal.aborted) return;
      ref.cursors[pageIndex + 1] = data.next_cursor ?? undefined;
      ref.next = data.next_cursor;
      setState({
        mode: 'search',
        loading: false,
        error: null,
        result: { items: data.items, total: data.total, page: pageIndex + 1, paged: data.paged, hasPrev: pageIndex > 0, hasNext: data.next_cursor !== null, matchedNrcs: data.matched_nrcs },
      });
    } catch (error) {
      fail(controller, 'search', error);
    }
  }, []);

  const showLatestPage = (pageIndex: number) => {
    const all = latestRef.current;
    const start = pageIndex * FRAUD_PAGE_SIZE;
    setState({
      mode: 'latest',
      loading: false,
      error: null,
      result: { items: all.slice(start, start + FRAUD_PAGE_SIZE), total: all.length, page: pageIndex + 1, paged: true, hasPrev: pageIndex > 0, hasNext: start + FRAUD_PAGE_SIZE < all.length },
    });
  };

  const search = useCallback((nrcs: string[]) => {
    searchRef.current = { nrcs, cursors: [undefined], next: null };
    void fetchSearchPage(0);
  }, [fetchSearchPage]);

  const loadLatest = useCallback(async (limit: number) => {
    const controller = begin('latest');
    try {
      const data = await latestFraudReports(limit, controller.signal);
      if (controller.signal.aborted) return;
      latestRef.current = data.items;
      showLatestPage(0);
    } catch (error) {
      fail(controller, 'latest', error);
    }
  }, []);

  const goTo = (delta: 1 | -1) => {
    const page = state.result?.page;
    if (!page || state.loading) return;
    const index = page - 1 + delta;
    if (index < 0) return;
    if (state.mode === 'latest') showLatestPage(index);
    else if (state.mode === 'search') void fetchSearchPage(index);
  };

  const reset = useCallback(() => {
    inflight.current?.abort();
    setState(IDLE);
  }, []);

  return { ...state, search, loadLatest, next: () => goTo(1), prev: () => goTo(-1), reset };
}
