/** `payroll history NRC` and `payroll registry-check FILE`: the borrower history and the fraud registry, for a lender's system. */
import { parseArgs } from 'node:util';
import { MAX_NRCS_PER_REQUEST } from '#shared/api/fraud.js';
import { HISTORY_MESSAGES, HISTORY_MONTHS, type HistoryResponse } from '#shared/api/history.js';
import { checkFraudRegistry } from '#shared/routes/fraud.js';
import { getHistory } from '#shared/routes/history.js';
import { extractNrcs } from '#shared/rules/nrc.js';
import { CliError, EXIT, type Output, plural, readInput, UsageError } from './io.js';
import { connect, type Env, readEnv } from './platform.js';

export const HISTORY_USAGE = `npx payroll history NRC [--months N] [--json]

  A borrower's deductions across lenders over the last N months (3 unless told, at most 12),
  newest first, with what they pay a month in all. The look-up is audited under the client's name.
  --json prints the platform's answer (GET /api/history) as one JSON document.`;

export const REGISTRY_CHECK_USAGE = `npx payroll registry-check FILE [--json]

  Which NRCs of a list are on the fraud registry. FILE is text or CSV: every NRC in it is read
  (123456/78/1, or its 9–11 digits), as the fraud search box reads a pasted list.
  --json prints {"checked": N, "flagged": [NRC, ...]}. Exit status 0 whether or not any is flagged.`;

const money = (amount: number) => amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function historyLines(history: HistoryResponse): string[] {
  const lines = [`${history.nrc}${history.name ? ` ${history.name}` : ''}: ${history.from_month} to ${history.to_month}`];
  if (history.items.length === 0) {
    lines.push(history.months === HISTORY_MONTHS ? HISTORY_MESSAGES.noRecords : `No records found in the last ${history.months} months.`);
    return lines;
  }
  lines.push(`Total monthly installment: ${money(history.total_monthly_installment)} (${plural(history.active_lenders, 'active lender')})`);
  for (const item of history.items) {
    const notes = [item.counted ? 'counted' : '', item.rejected ? 'rejected' : '', item.dispute === 'upheld' ? 'dispute upheld' : '']
      .filter(Boolean)
      .join(', ');
    const lender = `${item.org_name ?? item.payee_key} (${item.payee_key})`;
    lines.push(
      `  ${item.month}  ${item.kind.padEnd(8)}  ${money(item.installment).padStart(12)}  ${lender}  ${item.start_date ?? '—'} to ${item.end_date ?? '—'}${notes ? `  [${notes}]` : ''}`,
    );
  }
  if (history.record.identity.length > 0) lines.push(...history.record.identity.map((note) => `  Identity: ${note}`));
  return lines;
}

/** Runs `history`; resolves to the exit status. */
export async function runHistory(argv: readonly string[], output: Output, env: Env): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { months: { type: 'string' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help) {
    output.out(`Usage: ${HISTORY_USAGE}`);
    return EXIT.ok;
  }
  if (positionals.length !== 1) throw new UsageError('Name one NRC to look up, e.g. 123456/78/1.');
  const platform = await connect(readEnv(env));
  const history = await platform.call(getHistory, { query: { nrc: positionals[0], months: values.months } });
  output.out(values.json ? JSON.stringify(history) : historyLines(history).join('\n'));
  return EXIT.ok;
}

/** The NRCs of a text or CSV file; a workbook is refused with what to do instead. */
async function nrcsOf(file: string): Promise<string[]> {
  const data = await readInput(file);
  // An .xlsx is a zip (PK…): its cells are not text to read NRCs from.
  if (data[0] === 0x50 && data[1] === 0x4b) {
    throw new CliError(
      'not_a_list',
      `${file} is a workbook: registry-check reads a text or CSV list of NRCs. A deduction file's NRCs are checked against the registry when it is submitted (its fraud flags).`,
      EXIT.usage,
    );
  }
  const nrcs = extractNrcs(new TextDecoder().decode(data));
  if (nrcs.length === 0) throw new CliError('no_nrcs', `No NRC found in ${file}: write the NRCs as 123456/78/1 or their 9–11 digits, one a line.`, EXIT.usage);
  return nrcs;
}

/** Runs `registry-check`; resolves to the exit status. */
export async function runRegistryCheck(argv: readonly string[], output: Output, env: Env): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help) {
    output.out(`Usage: ${REGISTRY_CHECK_USAGE}`);
    return EXIT.ok;
  }
  if (positionals.length !== 1) throw new UsageError('Name one file holding the NRCs to check.');
  const settings = readEnv(env);
  const nrcs = await nrcsOf(positionals[0]!);
  const platform = await connect(settings);
  const flagged: string[] = [];
  for (let start = 0; start < nrcs.length; start += MAX_NRCS_PER_REQUEST) {
    const answer = await platform.call(checkFraudRegistry, { body: { nrcs: nrcs.slice(start, start + MAX_NRCS_PER_REQUEST) } });
    flagged.push(...answer.flagged);
  }
  if (values.json) output.out(JSON.stringify({ checked: nrcs.length, flagged }));
  else
    output.out(
      [
        `${plural(nrcs.length, 'NRC')} checked, ${plural(flagged.length, 'NRC')} on the fraud registry${flagged.length ? ':' : '.'}`,
        ...flagged.map((nrc) => `  ${nrc}`),
      ].join('\n'),
    );
  return EXIT.ok;
}
