import { auditSubject } from '#data/audit/subjects.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { currentMonth } from '#shared/rules/dates.js';
import { seedMembership, seedOrganisation, subOf } from '../test/fixtures/submissions/directory.js';
import { createUser, signIn } from '../test/support/cognito.js';
import type { Bench, Figure } from './figures.js';
import { closedLoop, interleavedLoops, progress, withTwin } from './support.js';

const BORROWERS = Number(process.env.BENCH_HISTORY_BORROWERS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_HISTORY_CONCURRENCY ?? 100);
/** Each loaded figure and its baselines are measured in ROUNDS interleaved turns of SECONDS. */
const SECONDS = Number(process.env.BENCH_HISTORY_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_HISTORY_ROUNDS ?? 3);
const LENDERS = ['H001', 'H002'];
/** Borrowers below this index have a record (borrower summaries, as ingestion writes them); the others have history only. */
const WITH_RECORD = Math.floor(BORROWERS / 2);

/** Like `shiftMonth` in shared/rules/dates.ts, on the bench's plain month strings. */
const shift = (month: string, delta: number) => {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};
const nrcOf = (i: number) => `${300_000 + i}/${10 + (i % 90)}/${1 + (i % 9)}`;
const digitsOf = (nrc: string) => nrc.replace(/\D/g, '');
/** The i-th borrower looked up: spread over those with a record, or over those without. */
const withRecord = (i: number) => nrcOf((i * 7919) % WITH_RECORD);
const withoutRecord = (i: number) => nrcOf(WITH_RECORD + ((i * 7919) % (BORROWERS - WITH_RECORD)));

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

const ms = (v: number) => `${v.toFixed(1)} ms`;

/**
 * GET /api/history on the twin: borrowers with 3 months at 2 lenders, half of them
 * with the borrower summaries ingestion keeps (their record, in the same partition as their months), then lookups
 * through the HTTP gateway (JWT check, handler, the reads, the audit entry) by 100 concurrent callers,
 * interleaved with the baseline of a lookup held to two DynamoDB calls — 100 callers each doing one Query then one audit Put
 * straight on the same DynamoDB Local — and with bare Queries.
 */
export const historyBench: Bench = {
  name: 'history',
  async run(): Promise<Figure[]> {
    return withTwin(async (twin) => {
      Object.assign(process.env, twin.env);
      const { ingestRows } = await import('#data/history/entries.js');
      const { writeSummaries } = await import('#data/history/summary-writes.js');
      const { markSharedEmployeeNumbers } = await import('#data/history/shared-employee-numbers.js');
      const month = currentMonth();
      const months = [shift(month, -2), shift(month, -1), month];
      progress(
        `seeding ${(BORROWERS * months.length * LENDERS.length).toLocaleString('en-US')} history items (${BORROWERS.toLocaleString('en-US')} borrowers × 3 months × ${LENDERS.length} lenders), summaries for ${WITH_RECORD.toLocaleString('en-US')} borrowers`,
      );
      const seedStart = performance.now();
      for (const [l, payeeKey] of LENDERS.entries()) {
        for (const m of months) {
          const source = {
            submissionId: `bench-${payeeKey}-${m}`,
            kind: 'inputs' as const,
            month: m,
            payeeKey,
            orgId: 'bench',
            orgName: `Bench Lender ${l + 1}`,
            submittedAt: `${m}-02T08:00:00.000Z`,
          };
          const all = rows(m, payeeKey, l);
          await ingestRows(source, all);
          const written = await writeSummaries(source, all.slice(0, WITH_RECORD));
          await markSharedEmployeeNumbers(source, all.slice(0, WITH_RECORD), written.employeeNumbers);
        }
      }
      const seedSeconds = (performance.now() - seedStart) / 1000;

      const org = await seedOrganisation(twin, 'H001', 'Bench Lender 1');
      const user = await createUser(twin, ['data_user']);
      const { idToken } = await signIn(twin, user.email, user.password);
      await seedMembership(twin, org, subOf(idToken), 'approved', 'data_user');

      // Every borrower shows both lenders' deductions this month: exposure is counted from the deductions
      // themselves (one rule, shared/rules/borrower-record.ts), with or without a record.
      const lookup = async (nrc: string, lenders: number) => {
        const res = await fetch(`${twin.url}/api/history?nrc=${encodeURIComponent(nrc)}&months=3`, { headers: { authorization: `Bearer ${idToken}` } });
        const body = (await res.json()) as { items?: unknown[]; record?: { exposure?: { lenders?: number } } };
        return res.status === 200 && body.items?.length === 3 * LENDERS.length && body.record?.exposure?.lenders === lenders;
      };
      const { readBorrowerHistory } = await import('#data/history/entries-read.js');
      const rawQuery = async (nrc: string) => (await readBorrowerHistory(digitsOf(nrc), months[0]!)).items.length === 3 * LENDERS.length;
      // What a lookup must do at least, straight on DynamoDB Local: one Query, then one audit Put.
      const { writeAudit } = await import('#data/audit/log.js');
      const queryThenPut = async (nrc: string) => {
        const found = await rawQuery(nrc);
        await writeAudit({ actor: null, org_id: null, action: 'bench.baseline', subject: auditSubject.nrc(digitsOf(nrc)), outcome: 'ok', details: {} });
        return found;
      };

      progress('warming up');
      await closedLoop(10, 3, (i) => lookup(withRecord(i), LENDERS.length));
      progress('one caller for 10 s');
      const single = await closedLoop(1, 10, (i) => lookup(withRecord(i), LENDERS.length));
      progress(`${CONCURRENCY} concurrent callers: lookups with a record, without one, Query then Put, bare Queries; ${ROUNDS} rounds of ${SECONDS} s each`);
      const loops = await interleavedLoops(ROUNDS, CONCURRENCY, SECONDS, {
        record: (i) => lookup(withRecord(i), LENDERS.length),
        bare: (i) => lookup(withoutRecord(i), LENDERS.length),
        queryPut: (i) => queryThenPut(withRecord(i)),
        raw: (i) => rawQuery(withRecord(i)),
      });
      const { record, bare, queryPut, raw } = loops;
      const loaded = `${CONCURRENCY} callers in a closed loop, ${ROUNDS} × ${SECONDS} s`;
      return [
        {
          name: 'history.rate_vs_query_put',
          value: record.rate / queryPut.rate,
          unit: '×',
          target: { op: '>=', value: 0.8 },
          baseline: `${CONCURRENCY} callers doing one Query then one Put, lookups/s`,
          baseline_value: queryPut.rate,
          note: `lookups of borrowers with a record (one Query of their partition, which holds the record, and the audit Put) ${Math.round(record.rate)}/s through the gateway against ${Math.round(queryPut.rate)}/s`,
        },
        {
          name: 'history.p95_vs_query_put',
          value: record.p95 / queryPut.p95,
          unit: '×',
          target: { op: '<=', value: 1.5 },
          baseline: `${CONCURRENCY} callers doing one Query then one Put, p95 ms`,
          baseline_value: queryPut.p95,
          note: `p95 ${ms(record.p95)} against ${ms(queryPut.p95)}`,
        },
        {
          name: 'history.rate_vs_query_put_no_record',
          value: bare.rate / queryPut.rate,
          unit: '×',
          target: { op: '>=', value: 0.8 },
          baseline: `${CONCURRENCY} callers doing one Query then one Put, lookups/s`,
          baseline_value: queryPut.rate,
          note: `borrowers with history but no summaries (the lookup before the summaries existed): ${Math.round(bare.rate)}/s`,
        },
        {
          name: 'history.p95_vs_query_put_no_record',
          value: bare.p95 / queryPut.p95,
          unit: '×',
          target: { op: '<=', value: 1.5 },
          baseline: `${CONCURRENCY} callers doing one Query then one Put, p95 ms`,
          baseline_value: queryPut.p95,
          note: `p95 ${ms(bare.p95)} against ${ms(queryPut.p95)}`,
        },
        {
          name: 'history.p95_ms_100_concurrent',
          value: record.p95,
          unit: 'ms',
          target: { op: '<=', value: 25 },
          baseline: `${CONCURRENCY} bare DynamoDB Queries, p95`,
          baseline_value: raw.p95,
          ratio: record.p95 / raw.p95,
          note: `${loaded}: ${record.count.toLocaleString('en-US')} lookups, p50 ${ms(record.p50)}, p99 ${ms(record.p99)}; bare Queries (no gateway, JWT, record or audit): ${Math.round(raw.rate)}/s, p50 ${ms(raw.p50)}`,
        },
        { name: 'history.p95_ms_one_caller', value: single.p95, unit: 'ms', note: `one caller at a time through the gateway: p50 ${ms(single.p50)}` },
        {
          name: 'history.errors',
          value: single.errors + record.errors + bare.errors + queryPut.errors + raw.errors,
          unit: 'errors',
          target: { op: '<=', value: 0 },
          note: 'a non-200 answer, not the 6 items seeded, or not the record seeded',
        },
        {
          name: 'history.rate_per_s',
          value: record.rate,
          unit: 'req/s',
          baseline: 'bare DynamoDB Queries',
          baseline_value: raw.rate,
          ratio: record.rate / raw.rate,
          note: 'each lookup: JWT check, the Query (months and record) and the audit Put at once',
        },
        {
          name: 'history.seed_s',
          value: seedSeconds,
          unit: 's',
          note: `${(BORROWERS * 6).toLocaleString('en-US')} items through ingestRows (BatchWrite, 16 in flight) and the summaries of ${WITH_RECORD.toLocaleString('en-US')} borrowers through writeSummaries and markSharedEmployeeNumbers, on DynamoDB Local`,
        },
      ];
    });
  },
};
