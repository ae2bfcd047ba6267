import { tableName } from '#adapters/aws-clients.js';
import { batchGetAll } from '#adapters/dynamo/toolkit.js';
import { logger } from '#lib/powertools.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import type { HistorySource } from './entries.js';
import { MAX_EMPLOYEE_NO } from './entries.js';
import { employeeEntriesOf, employeeNoOf, employeeRowsEntryName, employeeSummaryKey, nrcSummaryKey, ROWS_WITHOUT_NRC, sharedEntryName } from './summaries.js';
import { setAttributes } from './summary-attributes.js';

const BUSY = 'Borrower records are busy; ingestion will be retried.';

/**
 * After a submission's summaries are written (ingestion): each employee number it wrote an entry for
 * (`written`, summary-writes.ts) that is now on record with more than one NRC is marked
 * `x_{employee number}` on the record of every NRC it came with, so a history lookup reads that number's
 * summary only for those (lambdas/data/history/summaries.ts borrowerRecord) and its one Query stays the
 * lookup's only read. The numbers are read strongly consistent after this submission's own entries are
 * written: of two lenders filing one number under two NRCs at once, the later reader sees both. A number
 * this submission did not write to was paired with its NRC for good before: its pairs are as they were,
 * so it is not read. A mark is a hint, set once and never removed: what the lookup shows is decided from
 * the number's entries then, rejected submissions left out.
 * Rows filed with an employee number and no NRC (history pk=EMP#{number}) are joined the same way: the
 * number's summary is marked as holding such rows first, then read; every NRC on record with the number
 * is marked `o_{employee number}`, so its lookup reads those rows too. Of a row without an NRC and a row
 * tying its number to an NRC ingested at once, the later reader marks the record.
 * Returns how many records were marked.
 */
export async function markSharedEmployeeNumbers(source: HistorySource, rows: readonly CanonicalRow[], written: readonly string[]): Promise<number> {
  const withoutNrc = [
    ...new Set(rows.filter((row) => !row.nrc && row.employee_no && row.employee_no.length <= MAX_EMPLOYEE_NO).map((row) => row.employee_no!)),
  ];
  await setAttributes(withoutNrc.map((number) => ({ key: employeeSummaryKey(number), name: ROWS_WITHOUT_NRC, value: true })));
  const keys = [...new Set([...written, ...withoutNrc])].map(employeeSummaryKey);
  if (!keys.length) return 0;
  const items = await batchGetAll<Record<string, unknown> & { pk: string }>(tableName('history'), keys, { consistentRead: true, busy: BUSY });
  const marks = items.flatMap((item) => {
    const nrcs = [
      ...new Set(
        employeeEntriesOf(item)
          .map((entry) => entry.nrc_digits)
          .filter(Boolean),
      ),
    ];
    const employeeNo = employeeNoOf(item);
    const shared = nrcs.length > 1 ? nrcs.map((digits) => ({ key: nrcSummaryKey(digits), name: sharedEntryName(employeeNo), value: true })) : [];
    const joined =
      item[ROWS_WITHOUT_NRC] === true ? nrcs.map((digits) => ({ key: nrcSummaryKey(digits), name: employeeRowsEntryName(employeeNo), value: true })) : [];
    return [...shared, ...joined];
  });
  // A record too full to take a mark (written by an older stack) only misses the hint.
  const refused = await setAttributes(marks);
  if (refused) logger.warn('Borrower records refused a shared employee number mark', { submissionId: source.submissionId, refused });
  return marks.length;
}
