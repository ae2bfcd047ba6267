import { historyItems, type HistorySource } from '#data/history/entries.js';
import { entryName } from '#data/history/summaries.js';
import { applied, type SummaryUpdate } from '#data/history/summary-attributes.js';
import { pairedForGood } from '#data/history/summary-compaction.js';
import { parseNrcRecord } from '#data/history/summary-items.js';
import { employeeWrite, recordWrite, summaryWrites } from '#data/history/summary-writes.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import type { HistoryItem } from './layer.js';

/**
 * The history seed's writes (bench/history.ts: borrowers at two lenders, half of them with summaries),
 * planned in memory by the production planners (summary-writes.ts `recordWrite`/`employeeWrite`), each
 * update applied to the in-memory item as DynamoDB would (`applied`), so the next submission's plan sees
 * it. Every submission is taken as decided, so from the fifth month on the NRC records compact their
 * oldest entries: those updates remove attributes, set `c` and hold on the version.
 */
export interface SeedStep {
  source: HistorySource;
  puts: HistoryItem[];
  updates: SummaryUpdate[];
}

const LENDERS = ['H001', 'H002'];
const nrcOf = (i: number) => `${300_000 + i}/${10 + (i % 90)}/${1 + (i % 9)}`;
const monthOf = (index: number) => `2026-${String(index + 1).padStart(2, '0')}`;

function rows(borrowers: number, month: string, payeeKey: string, lender: number): CanonicalRow[] {
  return Array.from({ length: borrowers }, (_, i) => ({
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

/** The seed of `borrowers` over `months` months (at most 12), submission by submission in month order. */
export function seedPlan(borrowers: number, months: number): SeedStep[] {
  const stored = new Map<string, Record<string, unknown> & { pk: string }>();
  const decided = () => 'decided' as const;
  const steps: SeedStep[] = [];
  for (let m = 0; m < months; m++) {
    for (const [l, payeeKey] of LENDERS.entries()) {
      const month = monthOf(m);
      const source: HistorySource = {
        submissionId: `bench-${payeeKey}-${month}`,
        kind: 'inputs',
        month,
        payeeKey,
        orgId: 'bench',
        orgName: `Bench Lender ${l + 1}`,
        submittedAt: `${month}-02T08:00:00.000Z`,
      };
      const all = rows(borrowers, month, payeeKey, l);
      const puts = historyItems(source, all).items.map((item) => ({ ...item, ingest_prior: 'new' }) as unknown as HistoryItem);
      const writes = summaryWrites(source, all.slice(0, Math.floor(borrowers / 2)));
      const planned = writes.map((write) => recordWrite(write.record.key, source.submissionId, write.record.entry, decided));
      for (const { record, employee } of writes) {
        const item = stored.get(record.key.pk);
        if (employee && !pairedForGood(item ? parseNrcRecord(item) : null, employee.employeeNo, decided)) {
          planned.push(employeeWrite(employee.key, entryName(source.submissionId), employee.entry));
        }
      }
      const updates: SummaryUpdate[] = [];
      for (const write of planned) {
        const update = write.plan(stored.get(write.key.pk), true);
        if (!update) continue;
        updates.push(update);
        stored.set(write.key.pk, applied(stored.get(write.key.pk), update) as Record<string, unknown> & { pk: string });
      }
      steps.push({ source, puts, updates });
    }
  }
  return steps;
}
