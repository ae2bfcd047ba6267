import { extractNrcs, normaliseNrc } from '#shared/rules/nrc.js';
import { seedMembership, seedOrganisation, subOf } from '../test/fixtures/submissions/directory.js';
import { createUser, signIn } from '../test/support/cognito.js';
import type { Bench, Figure } from './figures.js';
import { progress, median, withTwin } from './support.js';

const REGISTRY = 100_000;
const CHECKED = 250_000;
const PASTED = 1_000;
const FILED = 30;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

/** Distinct 9-digit NRCs (digits only): registry ones are i*7, so a probe of i*3 hits one in seven. */
const digits = (i: number, step: number) => String(100_000_000 + i * step);

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

/**
 * The fraud registry on a real twin (DynamoDB Local, the S3 front, the HTTP gateway): a registry of
 * 100,000 reported NRCs, then the 250,000-NRC check of file validation, both as the pipeline's
 * flaggedNrcDigits (one summary item per NRC) and as the digest the API reads; then a search of
 * 1,000 pasted NRCs through the HTTP API, first page.
 */
export const fraudBench: Bench = {
  name: 'fraud',
  async run(): Promise<Figure[]> {
    return withTwin(async (twin) => {
      // The repositories read their endpoints and table names from the environment, as a Lambda does.
      Object.assign(process.env, twin.env);
      const { flaggedByDigest } = await import('#data/registry/reports.js');
      const { seedRegistry } = await import('./seed-registry.js');
      const { flaggedNrcDigits } = await import('#data/registry/nrc-summary.js');

      progress(`seeding ${REGISTRY.toLocaleString('en-US')} registry NRCs (summaries and digest, BatchWrite)`);
      const seed = await timed(() => seedRegistry(Array.from({ length: REGISTRY }, (_, i) => digits(i, 7))));

      // A report is filed as the organisation holding its payee key: the filer is an approved member of it.
      const user = await createUser(twin, ['data_user']);
      const { idToken } = await signIn(twin, user.email, user.password);
      await seedMembership(twin, await seedOrganisation(twin, 'B001', 'Bench Bank'), subOf(idToken), 'approved', 'data_user');
      const post = (path: string, body: unknown) =>
        fetch(`${twin.url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      progress(`filing ${FILED} reports through the API`);
      const filed = Array.from({ length: FILED }, (_, i) => normaliseNrc(String(900_000_000 + i)));
      for (const nrc of filed) {
        const res = await post('/api/fraud-reports', {
          fi_name: 'Bench Bank',
          type: 'Other',
          nrc,
          person_name: 'Bench Person',
          payee_key: 'B001',
          report_month: '2026-03',
          description: 'benchmark',
        });
        if (res.status !== 200) throw new Error(`filing a report answered ${res.status}: ${await res.text()}`);
      }

      const probe = Array.from({ length: CHECKED }, (_, i) => digits(i, 3));
      // Probe i*3 is on the registry when it is some j*7 with j < REGISTRY: i a multiple of 7 and 3i/7 < REGISTRY.
      const expected = Array.from({ length: CHECKED }, (_, i) => i).filter((i) => i % 7 === 0 && (i * 3) / 7 < REGISTRY).length;
      const summaries: number[] = [];
      const digest: number[] = [];
      for (let round = 1; round <= RUNS; round++) {
        progress(`round ${round}/${RUNS}: check ${CHECKED.toLocaleString('en-US')} NRCs (summaries, then digest)`);
        const a = await timed(() => flaggedNrcDigits(probe));
        const b = await timed(() => flaggedByDigest(probe));
        if (a.value.size !== expected || b.value.size !== expected)
          throw new Error(`check found ${a.value.size} / ${b.value.size} NRCs; expected ${expected}.`);
        summaries.push(a.ms);
        digest.push(b.ms);
      }

      // 1,000 NRCs pasted as text: the filed ones, some bare registry ones, the rest unknown.
      const pasted = (i: number) => (i < FILED ? filed[i]! : i < 300 ? normaliseNrc(digits(i, 7)) : normaliseNrc(String(800_000_000 + i)));
      const text = Array.from({ length: PASTED }, (_, i) => `Borrower ${i + 1}, NRC ${pasted(i)}`).join('\n');
      const searches: number[] = [];
      for (let round = 1; round <= RUNS + 2; round++) {
        progress(`round ${round}/${RUNS + 2}: search ${PASTED.toLocaleString('en-US')} pasted NRCs, first page`);
        const s = await timed(async () => {
          const res = await post('/api/fraud-reports/search', { nrcs: extractNrcs(text) });
          return { status: res.status, body: (await res.json()) as { items: unknown[]; total: number } };
        });
        if (s.value.status !== 200 || s.value.body.items.length !== 10 || s.value.body.total !== FILED) {
          throw new Error(`search answered ${s.value.status} with ${s.value.body.items?.length} items of ${s.value.body.total}`);
        }
        searches.push(s.ms);
      }
      const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
      return [
        {
          name: 'fraud.check_250k_ms',
          value: median(digest),
          unit: 'ms',
          target: { op: '<=', value: 1000 },
          baseline: 'per-NRC summaries',
          baseline_value: median(summaries),
          ratio: median(digest) / median(summaries),
          note: `flaggedByDigest (file validation and POST /api/fraud-registry/check): ${CHECKED.toLocaleString('en-US')} NRCs against ${REGISTRY.toLocaleString('en-US')}, ≤1,024 digest items in BatchGets; median of ${RUNS} (${digest.map(ms).join(', ')})`,
        },
        {
          name: 'fraud.check_250k_summaries_ms',
          value: median(summaries),
          unit: 'ms',
          note: `baseline: flaggedNrcDigits, one summary item per NRC (2,500 BatchGets); median of ${RUNS} (${summaries.map(ms).join(', ')})`,
        },
        {
          name: 'fraud.search_1k_first_page_ms',
          value: median(searches),
          unit: 'ms',
          target: { op: '<=', value: 500 },
          note: `extract ${PASTED.toLocaleString('en-US')} NRCs from pasted text + POST /api/fraud-reports/search (10 of ${FILED} reports, signed links, audit); median of ${RUNS + 2} (${searches.map(ms).join(', ')})`,
        },
        {
          name: 'fraud.seed_registry_s',
          value: seed.ms / 1000,
          unit: 's',
          note: `${REGISTRY.toLocaleString('en-US')} summary items (BatchWrite, 25 a call) and the digest buckets, on DynamoDB Local with its data on disk`,
        },
      ];
    });
  },
};
