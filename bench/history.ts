import { currentMonth } from '../shared/rules/dates.js';
import type { CanonicalRow } from '../shared/rules/canonical-row.js';
import { seedMembership, seedOrganisation, subOf } from '../test/fixtures/submissions/directory.js';
import { createUser, signIn } from '../test/support/cognito.js';
import type { Bench, Figure } from './figures.js';
import { progress, withTwin } from './support.js';

const BORROWERS = Number(process.env.BENCH_HISTORY_BORROWERS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_HISTORY_CONCURRENCY ?? 100);
const SECONDS = Number(process.env.BENCH_HISTORY_SECONDS ?? 15);
const LENDERS = ['H001', 'H002'];
const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** Like lambdas/api/insight/periods.ts shiftMonth; importing that here would build the SDK clients before the twin's env is set. */
const shift = (month: string, delta: number) => {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};
const nrcOf = (i: number) => `${300_000 + i}/${10 + (i % 90)}/${1 + (i % 9)}`;

function rows(month: string, payeeKey: string, lender: number): CanonicalRow[] {
  return Array.from({ length: BORROWERS }, (_, i) => ({
    employee_no: `EH${i}`,
    nrc: nrcOf(i),
    start_date: `${month}-01`,
    end_date: '2030-12-31',
    installment_amount: 100 + ((i + lender * 37) % 2_000),
    amount: 100 + ((i + lender * 37) % 2_000),
    payee_key: payeeKey,
    first_name: 'Chileshe',
    last_name: `Mulenga${i}`,
  }));
}

/** `workers` callers each making one call after another for `seconds`: latencies and errors. */
async function closedLoop(workers: number, seconds: number, call: (nrc: string) => Promise<boolean>) {
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        const nrc = nrcOf((i++ * 7919) % BORROWERS);
        const start = performance.now();
        const ok = await call(nrc).catch(() => false);
        latencies.push(performance.now() - start);
        if (!ok) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { count: latencies.length, rate: latencies.length / seconds, p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), p99: quantile(latencies, 0.99), errors };
}

/**
 * GET /api/history on the twin (issue 7): borrowers with 3 months at 2 lenders, then lookups through
 * the HTTP gateway (JWT check, handler, one Query, the audit entry) by 100 concurrent callers, beside
 * the same lookups by one caller at a time.
 */
export const historyBench: Bench = {
  name: 'history',
  async run(): Promise<Figure[]> {
    return withTwin(async (twin) => {
      Object.assign(process.env, twin.env);
      const { ingestRows } = await import('../lambdas/data/history.js');
      const month = currentMonth();
      const months = [shift(month, -2), shift(month, -1), month];
      progress(`seeding ${(BORROWERS * months.length * LENDERS.length).toLocaleString('en-US')} history items (${BORROWERS.toLocaleString('en-US')} borrowers × 3 months × ${LENDERS.length} lenders)`);
      const seedStart = performance.now();
      for (const [l, payeeKey] of LENDERS.entries()) {
        for (const m of months) {
          await ingestRows({ submissionId: `bench-${payeeKey}-${m}`, kind: 'inputs', month: m, payeeKey, orgId: 'bench', orgName: `Bench Lender ${l + 1}`, submittedAt: `${m}-02T08:00:00.000Z` }, rows(m, payeeKey, l));
        }
      }
      const seedSeconds = (performance.now() - seedStart) / 1000;

      const org = await seedOrganisation(twin, 'H001', 'Bench Lender 1');
      const user = await createUser(twin, ['data_user']);
      const { idToken } = await signIn(twin, user.email, user.password);
      await seedMembership(twin, org, subOf(idToken), 'approved', 'data_user');

      const lookup = async (nrc: string) => {
        const res = await fetch(`${twin.url}/api/history?nrc=${encodeURIComponent(nrc)}&months=3`, { headers: { authorization: `Bearer ${idToken}` } });
        const body = (await res.json()) as { items?: unknown[] };
        return res.status === 200 && body.items?.length === 3 * LENDERS.length;
      };
      const { readBorrowerHistory } = await import('../lambdas/data/history-read.js');
      const rawQuery = async (nrc: string) => (await readBorrowerHistory(nrc.replace(/\D/g, ''), months[0]!)).length === 3 * LENDERS.length;
      // The baseline of issue 17: what a lookup must do at least, straight on DynamoDB Local: one Query, then one audit Put.
      const { writeAudit } = await import('../lambdas/data/audit.js');
      const queryThenPut = async (nrc: string) => {
        const found = await rawQuery(nrc);
        await writeAudit({ actor: null, org_id: null, action: 'bench.baseline', subject: `NRC#${nrc.replace(/\D/g, '')}`, outcome: 'ok', details: {} });
        return found;
      };

      progress('warming up');
      await closedLoop(10, 3, lookup);
      progress(`one caller for ${SECONDS} s`);
      const single = await closedLoop(1, SECONDS, lookup);
      progress(`${CONCURRENCY} concurrent callers for ${SECONDS} s`);
      const loaded = await closedLoop(CONCURRENCY, SECONDS, lookup);
      progress(`baseline: ${CONCURRENCY} concurrent bare Queries straight to DynamoDB Local for ${SECONDS} s`);
      const raw = await closedLoop(CONCURRENCY, SECONDS, rawQuery);
      progress(`baseline: ${CONCURRENCY} concurrent callers each doing one Query then one audit Put, straight to DynamoDB Local, for ${SECONDS} s`);
      const queryPut = await closedLoop(CONCURRENCY, SECONDS, queryThenPut);
      const ms = (v: number) => `${v.toFixed(1)} ms`;
      return [
        {
          name: 'history.p95_ms_100_concurrent',
          value: loaded.p95,
          unit: 'ms',
          target: { op: '<=', value: 25 },
          baseline: `${CONCURRENCY} bare DynamoDB Queries, p95`,
          baseline_value: raw.p95,
          ratio: loaded.p95 / raw.p95,
          note: `${CONCURRENCY} callers in a closed loop for ${SECONDS} s: ${loaded.count.toLocaleString('en-US')} lookups, p50 ${ms(loaded.p50)}, p99 ${ms(loaded.p99)}; one caller: p50 ${ms(single.p50)}, p95 ${ms(single.p95)}; bare Queries (no gateway, JWT or audit): ${Math.round(raw.rate)}/s, p50 ${ms(raw.p50)}`,
        },
        {
          name: 'history.rate_vs_query_put',
          value: loaded.rate / queryPut.rate,
          unit: '×',
          target: { op: '>=', value: 0.8 },
          baseline: `${CONCURRENCY} callers doing one Query then one Put, lookups/s`,
          baseline_value: queryPut.rate,
          note: `lookups ${Math.round(loaded.rate)}/s through the gateway (JWT, handler, Query and audit Put at once) against ${Math.round(queryPut.rate)}/s`,
        },
        {
          name: 'history.p95_vs_query_put',
          value: loaded.p95 / queryPut.p95,
          unit: '×',
          target: { op: '<=', value: 1.5 },
          baseline: `${CONCURRENCY} callers doing one Query then one Put, p95 ms`,
          baseline_value: queryPut.p95,
          note: `p95 ${ms(loaded.p95)} against ${ms(queryPut.p95)}`,
        },
        { name: 'history.p95_ms_one_caller', value: single.p95, unit: 'ms', note: `one caller at a time through the gateway: p50 ${ms(single.p50)}` },
        { name: 'history.errors', value: loaded.errors + single.errors + raw.errors + queryPut.errors, unit: 'errors', target: { op: '<=', value: 0 }, note: 'a non-200 answer or not the 6 items seeded' },
        { name: 'history.rate_per_s', value: loaded.rate, unit: 'req/s', baseline: 'bare DynamoDB Queries', baseline_value: raw.rate, ratio: loaded.rate / raw.rate, note: 'each lookup: JWT check, one Query and one audit Put at once (the caller’s organisation is remembered for a minute)' },
        { name: 'history.seed_s', value: seedSeconds, unit: 's', note: `${(BORROWERS * 6).toLocaleString('en-US')} items through ingestRows (BatchWrite, 16 in flight) on DynamoDB Local` },
      ];
    });
  },
};
