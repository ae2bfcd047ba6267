import { seedMembership, seedOrganisation, subOf } from '../test/fixtures/submissions/directory.js';
import { createUser, signIn } from '../test/support/cognito.js';
import type { Bench, Figure } from './figures.js';
import { benchSubmissions, counterItems, putAll, submissionItem } from './seed.js';
import { progress, quantile, withTwin } from './support.js';

const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 10_000);
const HISTORY_ROWS = Number(process.env.BENCH_HISTORY_ROWS ?? 2_000_000);
/** DynamoDB Local writes a few thousand items a second here: past this budget, seeding stops and says so. */
const SEED_SECONDS = Number(process.env.BENCH_SEED_SECONDS ?? 300);
const ORGS = 10;
const READS = 40;

/**
 * GET /api/dashboard/metrics: 10,000 submissions and (up to) 2,000,000 history rows stored,
 * then the dashboard read through the HTTP gateway for an organisation admin and a super admin, beside
 * the same figure counted without counters (a Query over the year's submissions).
 */
export const metricsBench: Bench = {
  name: 'metrics',
  async run(): Promise<Figure[]> {
    return withTwin(async (twin) => {
      Object.assign(process.env, twin.env);
      const { tableName } = await import('#adapters/aws-clients.js');
      const { historyKey } = await import('#data/history/entries.js');
      const { queryCount } = await import('#adapters/dynamo/toolkit.js');
      const orgs = await Promise.all(Array.from({ length: ORGS }, (_, i) => seedOrganisation(twin, `M${String(100 + i)}`, `Metrics Bank ${i + 1}`)));
      const rowsPer = Math.max(1, Math.round(HISTORY_ROWS / SUBMISSIONS));
      const subs = benchSubmissions(SUBMISSIONS, orgs, rowsPer);

      progress(`seeding ${SUBMISSIONS.toLocaleString('en-US')} submissions and their counters`);
      const seedSubs = performance.now();
      await putAll(tableName('submissions'), subs.map(submissionItem));
      const counters = await counterItems(subs);
      await putAll(tableName('submissions'), counters);
      const subsSeconds = (performance.now() - seedSubs) / 1000;

      const member = await createUser(twin, ['fi_admin']);
      const orgToken = (await signIn(twin, member.email, member.password)).idToken;
      await seedMembership(twin, orgs[0]!, subOf(orgToken));
      const adminToken = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;
      const read = async (token: string) => {
        const times: number[] = [];
        for (let i = 0; i < READS + 5; i++) {
          const start = performance.now();
          const res = await fetch(`${twin.url}/api/dashboard/metrics`, { headers: { authorization: `Bearer ${token}` } });
          const body = (await res.json()) as { submissions?: { ytd: number } };
          if (res.status !== 200 || !body.submissions) throw new Error(`metrics answered ${res.status}`);
          if (i >= 5) times.push(performance.now() - start);
        }
        return times.sort((a, b) => a - b);
      };
      progress('dashboard reads with no history stored');
      const orgEmpty = await read(orgToken);

      progress(`seeding up to ${HISTORY_ROWS.toLocaleString('en-US')} history rows (budget ${SEED_SECONDS} s)`);
      function* historyRows() {
        for (const [j, s] of subs.entries()) {
          for (let r = 0; r < s.rows; r++) {
            const digits = String(100_000_000 + j * rowsPer + r);
            yield {
              ...historyKey(digits, s.month, s.org.payeeKey, s.kind as 'inputs'),
              nrc: digits,
              installment: s.kind === 'inputs' ? 150 + (r % 900) : 0,
              start_date: `${s.month}-01`,
              end_date: '2030-12-31',
              payee_key: s.org.payeeKey,
              kind: s.kind === 'inputs' ? 'input' : 'stoppage',
              month: s.month,
              org_id: s.org.orgId,
              org_name: s.org.orgName,
              submission_id: s.id,
              submitted_at: s.created,
              first_name: 'Bench',
              last_name: `Borrower${r}`,
            };
          }
        }
      }
      const seedHistory = performance.now();
      const historyWritten = await putAll(tableName('history'), historyRows(), seedHistory + SEED_SECONDS * 1000);
      const historySeconds = (performance.now() - seedHistory) / 1000;

      progress('dashboard reads: organisation admin, super admin');
      const orgTimes = await read(orgToken);
      const platformTimes = await read(adminToken);
      progress('baseline: the year counted from the submissions themselves');
      const baseline: number[] = [];
      const yearStart = `${new Date().getUTCFullYear()}-01-01`;
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        await queryCount({
          TableName: tableName('submissions'),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :p AND gsi1sk >= :y',
          ExpressionAttributeValues: { ':p': 'STATUS#pending', ':y': yearStart },
        });
        baseline.push(performance.now() - start);
      }
      baseline.sort((a, b) => a - b);
      const rate = historyWritten / historySeconds;
      const stored = `${SUBMISSIONS.toLocaleString('en-US')} submissions, ${historyWritten.toLocaleString('en-US')} history rows stored`;
      return [
        {
          name: 'metrics.org_p95_ms',
          value: quantile(orgTimes, 0.95),
          unit: 'ms',
          target: { op: '<=', value: 150 },
          baseline: 'platform YTD counted by Query (no counters), median',
          baseline_value: quantile(baseline, 0.5),
          ratio: quantile(orgTimes, 0.95) / quantile(baseline, 0.5),
          note: `GET /api/dashboard/metrics as an FI admin, ${READS} reads one after another; ${stored}; p50 ${quantile(orgTimes, 0.5).toFixed(1)} ms; with no history stored p95 ${quantile(orgEmpty, 0.95).toFixed(1)} ms`,
        },
        {
          name: 'metrics.platform_p95_ms',
          value: quantile(platformTimes, 0.95),
          unit: 'ms',
          target: { op: '<=', value: 150 },
          note: `as a super admin (platform-wide counters, team count from the Cognito role groups); p50 ${quantile(platformTimes, 0.5).toFixed(1)} ms`,
        },
        {
          name: 'metrics.history_rows_stored',
          value: historyWritten,
          unit: 'rows',
          target: { op: '>=', value: HISTORY_ROWS },
          note: `seeded in ${historySeconds.toFixed(0)} s at ${Math.round(rate).toLocaleString('en-US')} rows/s (BatchWrite, 16 in flight); all ${HISTORY_ROWS.toLocaleString('en-US')} would take ~${Math.round(HISTORY_ROWS / rate / 60)} min`,
        },
        {
          name: 'metrics.seed_submissions_s',
          value: subsSeconds,
          unit: 's',
          note: `${SUBMISSIONS.toLocaleString('en-US')} submission items and ${counters.length.toLocaleString('en-US')} counter items`,
        },
      ];
    });
  },
};
