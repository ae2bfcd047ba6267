import { useEffect, useState } from 'react';
import { callPlain } from './api-transport';

type Requirement = { required_from: string | null };

/** `{ required_from: 'YYYY-MM' | null }`, read by hand: the sign-in screen loads no zod for one field. */
export function readMandateRequirement(data: unknown): Requirement | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const from = (data as { required_from?: unknown }).required_from;
  return from === null || typeof from === 'string' ? { required_from: from } : undefined;
}

/** One answer shared by every screen of the tab for a minute (a failed read is asked again next time). */
const FRESH_MS = 60_000;
let asked: { at: number; answer: Promise<Requirement> } | null = null;
function requirement(): Promise<Requirement> {
  if (!asked || Date.now() - asked.at > FRESH_MS) {
    const answer = callPlain('/api/mandates/requirement', readMandateRequirement, { auth: false });
    asked = { at: Date.now(), answer };
    answer.catch(() => (asked = null));
  }
  return asked.answer;
}

/**
 * GET /api/mandates/requirement: from which month new deductions must cite a mandate (null: not
 * required). Public, so the sign-in slides announce it: read through the API's transport, without the
 * query cache, so that /signin loads neither zod nor TanStack Query's queries for one announcement.
 */
export function useMandateRequirement(): { data?: Requirement } {
  const [data, setData] = useState<Requirement>();
  useEffect(() => {
    let live = true;
    requirement().then(
      (answer) => live && setData(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return { data };
}
