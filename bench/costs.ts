import { randomUUID } from 'node:crypto';
import { auditItem } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { historyItems } from '#data/history/entries.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { itemBytes, valueBytes } from '../capacity/item-size.js';
import { validateWorkbookStreamed } from '../lambdas/validation/stream-driver.js';
import type { Bench, Figure } from './figures.js';
import { generateInputsWorkbook } from './fixtures.js';
import { summaryWeights } from './summary-weights.js';
import { progress } from './support.js';

const ROWS = 20_000;
/** Borrowers whose summaries are followed over the model's window (every write planned and weighed). */
const SUMMARY_BORROWERS = 2_000;
const MONTH = '2026-03';
const PAYEE = 'C001';
const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

/**
 * What a row weighs where it is stored, measured on the code's own items (no twin, a few seconds): a
 * generated inputs file, validated as the Lambda does, turned into history items, summary entries and
 * the upload record, each weighed with DynamoDB's arithmetic (capacity/item-size.ts). These are the
 * sizes the capacity model starts from; `--write-costs` keeps them in capacity/per-row-costs.json.
 */
export const costsBench: Bench = {
  name: 'costs',
  async run(): Promise<Figure[]> {
    progress(`a ${ROWS.toLocaleString('en-US')}-row inputs file, validated, weighed as stored`);
    const xlsx = generateInputsWorkbook({ rows: ROWS, month: MONTH, payeeKey: PAYEE });
    const result = await validateWorkbookStreamed(xlsx, { kind: 'inputs', month: MONTH, payeeKey: PAYEE });
    const rows = result.rows;
    if (rows.length !== ROWS) throw new Error(`${rows.length} of ${ROWS} rows were canonical`);
    const source = {
      submissionId: randomUUID(),
      kind: 'inputs' as const,
      month: MONTH,
      payeeKey: PAYEE,
      orgId: randomUUID(),
      orgName: 'Capacity Bank Zambia Limited',
      submittedAt: new Date().toISOString(),
    };

    const history = historyItems(source, rows).items;
    const summaries = summaryWeights(rows.slice(0, SUMMARY_BORROWERS), '2025-04');
    const digits = rows.map((row) => nrcDigits(row.nrc));
    const upload = {
      ...{
        pk: `UPLOAD#${source.submissionId}`,
        sk: 'META',
        id: source.submissionId,
        status: 'validated',
        stage: 'done',
        doc_kind: 'inputs',
        month: MONTH,
        payee_key: PAYEE,
      },
      ...{
        org_id: source.orgId,
        org_name: source.orgName,
        user_id: randomUUID(),
        user_email: 'officer@capacity-bank.co.zm',
        file_name: `Inputs ${MONTH}.xlsx`,
        slug: `inputs-${MONTH}.xlsx`,
      },
      ...{
        size: xlsx.length,
        content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        key: `incoming/${source.submissionId}/inputs.xlsx`,
        etag: 'd41d8cd98f00b204e9800998ecf8427e',
      },
      ...{
        created_at: source.submittedAt,
        updated_at: source.submittedAt,
        validated_at: source.submittedAt,
        headers: result.headers,
        row_count: result.row_count,
        parsed_rows: rows.length,
      },
      ...{
        preview: result.preview,
        preview_columns: [...new Set(result.preview.flatMap((row) => Object.keys(row)))],
        errors: [],
        warnings: [],
        fraud: [],
        totals: { errors: 0, warnings: 0, fraud: 0 },
      },
      ...{
        signal_counts: { changed: 10, continuing: 19_000, new: 990, stopped: 0, missing: 0, identity: 0, exposure: 0 },
        signal_baseline: { month: '2026-02', found: true },
      },
    };
    const actor = { userId: randomUUID(), email: 'officer@capacity-bank.co.zm', roles: ['data_user' as const] };
    const audit = auditItem(
      {
        actor,
        org_id: source.orgId,
        action: 'history.lookup',
        subject: auditSubject.nrc(digits[0]!),
        outcome: 'ok',
        details: { months: 3, from_month: '2026-01' },
      },
      source.submittedAt,
      randomUUID(),
    );

    const figure = (name: string, value: number, unit: string, note: string): Figure => ({ name: `costs.${name}`, value, unit, note });
    return [
      figure('xlsx_bytes_per_row', xlsx.length / ROWS, 'B', 'the uploaded workbook (generated as Excel writes it), per row'),
      figure(
        'rows_json_bytes_per_row',
        Buffer.byteLength(JSON.stringify(rows)) / ROWS,
        'B',
        'results/{id}/rows.json, the canonical rows ingestion and the next month read',
      ),
      figure('history_item_bytes', mean(history.map(itemBytes)), 'B', 'one borrower-history item (lambdas/data/history/entries.ts historyItems)'),
      figure('history_items_per_row', history.length / ROWS, 'items', 'history items written per row'),
      figure(
        'record_updates_per_row',
        summaries.recordWritesPerRow,
        'updates',
        "NRC record updates per row (lambdas/data/history/summary-writes.ts; the employee number's summary only while the pair is not settled)",
      ),
      figure(
        'record_bytes_month12',
        summaries.recordLastMonth,
        'B',
        `an NRC record write in the window's last month, the larger of before and after: ${SUMMARY_BORROWERS.toLocaleString('en-US')} borrowers followed over the model's window, their entries compacted as ingestion does`,
      ),
      figure(
        'record_write_units_month12',
        summaries.recordUnitsLastMonth,
        'WRU',
        'its write units (a plain UpdateItem: a unit a started KB of the larger of before and after)',
      ),
      figure('record_bytes_mean', summaries.recordMean, 'B', "the record write's bytes averaged over every month of the window"),
      figure('record_write_units_mean', summaries.recordUnitsMean, 'WRU', 'its write units averaged likewise'),
      figure('employee_summary_bytes', summaries.employee, 'B', "an employee number's summary write, the larger of before and after"),
      // An NRC with an active report is a member of both of its bucket's sets: `nrcs` (flags) and `known` (search).
      figure('digest_bytes_per_nrc', 2 * mean(digits.map((d) => valueBytes(d))), 'B', 'one NRC in a registry digest bucket (a member of its two string sets)'),
      figure('upload_record_bytes', itemBytes(upload), 'B', "a clean file's upload record once validated (preview, headers, counts)"),
      figure('audit_entry_bytes', itemBytes(audit), 'B', "a history lookup's audit entry (lambdas/data/audit/log.ts auditItem)"),
    ];
  },
};
