import { parseArgs } from 'node:util';
import { ASSUMPTIONS, perRowFrom, times, TODAY, type Scale } from './inputs.js';
import { limits, type Limit } from './limits.js';
import { FILE_CHECK_ITEM_BYTES, monthlyUsage, writeUnitsPerRow, type Usage } from './model.js';
import { PER_ROW_COSTS_FILE, readPerRowCosts } from './per-row-costs.js';
import { monthlyCost, PRICES, PRICES_CHECKED_ON, TEXT_PRICED_ON, type Price } from './prices.js';

/**
 * `npm run capacity`: the capacity model's table, for Zambia today and ten times that (docs/capacity.md); `-- --json` adds one JSON object on the last line: the write units of a row in the window's
 * last month and every limit at both scales.
 */
const { values: flags } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
const costs = readPerRowCosts();
const perRow = perRowFrom(costs);
const scales: Scale[] = [TODAY, times(TODAY, 10)];
const usages = scales.map((scale) => monthlyUsage(scale, perRow, ASSUMPTIONS));
const bills = usages.map((usage) => monthlyCost(usage));

const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
const n = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const usd = (value: number) => `$${n(value, 2)}`;
const LABEL = 42;
const COLUMN = 26;
const line = (label: string, cells: string[]) => console.log(`${label.padEnd(LABEL)}${cells.map((cell) => cell.padStart(COLUMN)).join('')}`);
const row = (label: string, cell: (usage: Usage, i: number) => string) => line(label, usages.map(cell));
const heading = (text: string) => console.log(`\n${text}`);

console.log('Capacity model: one month of the platform in AWS af-south-1 (Cape Town), on-demand, list prices');
console.log(`Per-row costs: ${PER_ROW_COSTS_FILE.pathname.replace(`${process.cwd()}/`, '')} (refresh: npm run bench -- --only costs --write-costs)`);
for (const [key, entry] of Object.entries(costs))
  console.log(`  ${key.padEnd(32)} ${`${n(entry.value, 2)} ${entry.unit}`.padEnd(14)} ${entry.figure}, ${entry.measured_at}`);

heading('Workload');
line(
  '',
  scales.map((scale) => scale.label),
);
row('Borrowers / lenders', ({ scale }) => `${n(scale.borrowers)} / ${n(scale.lenders)}`);
row('Rows a month (inputs and stoppages)', (u) => n(u.rows.total));
row('Largest file (rows)', ({ scale }) => n(scale.largestFileRows));
row('Files submitted / validations', (u) => `${n(u.rows.files)} / ${n(u.rows.validations)}`);
row('API requests (history lookups)', (u) => `${n(u.api.requests)} (${n(u.api.lookups)})`);

heading('DynamoDB (request units a month)');
const perRowUnits = writeUnitsPerRow(perRow, ASSUMPTIONS);
row("Write units a row, the window's last month", () => n(perRowUnits.lastMonth, 2));
row('Writes (WRU)', (u) => n(sum(u.dynamo.writeUnits)));
row('  ingestion: history + summaries', (u) => n(u.dynamo.writeUnits.ingest));
row('  validation: upload records', (u) => n(u.dynamo.writeUnits.validate));
row('  file-check lookups: audit pointers', (u) => n(u.dynamo.writeUnits.fileChecks));
row('  history lookups: audit entries', (u) => n(u.dynamo.writeUnits.lookups));
row('  other API calls', (u) => n(u.dynamo.writeUnits.api));
row('  payroll register: every entry a month', (u) => n(u.dynamo.writeUnits.register));
row('  mandates: give, claim, first use', (u) => n(u.dynamo.writeUnits.mandates));
row('  notifications: outbox write + delete', (u) => n(u.dynamo.writeUnits.notifications));
row('Reads (RRU)', (u) => n(sum(u.dynamo.readUnits)));
row('  ingestion: what is stored', (u) => n(u.dynamo.readUnits.ingest));
row('  validation: digest, summaries', (u) => n(u.dynamo.readUnits.validate));
row('  history lookups', (u) => n(u.dynamo.readUnits.lookups));
row('  other API calls', (u) => n(u.dynamo.readUnits.api));
row('  payroll register: a snapshot a validation', (u) => n(u.dynamo.readUnits.register));
row('  mandates', (u) => n(u.dynamo.readUnits.mandates));
row('Stored after the window (GB)', (u) => n(u.dynamo.storageGb, 2));
row('  of which file-check lookups', (u) => n(u.dynamo.fileCheckGb, 2));

heading('Lambda, S3, CloudFront (a month)');
row('Lambda invocations', (u) => n(sum(u.lambda.invocations)));
row('  API / validation / ingestion', (u) => `${n(u.lambda.invocations.api)} / ${n(u.lambda.invocations.validate)} / ${n(u.lambda.invocations.ingest)}`);
row('Lambda GB-seconds', (u) => n(sum(u.lambda.gbSeconds)));
row('  API / validation / ingestion', (u) => `${n(u.lambda.gbSeconds.api)} / ${n(u.lambda.gbSeconds.validate)} / ${n(u.lambda.gbSeconds.ingest)}`);
row('  seconds a file: validation / ingestion', (u) => `${n(u.seconds.validate, 1)} / ${n(u.seconds.ingest, 1)}`);
row('S3 stored after the window (GB)', (u) => n(u.s3.storageGb, 2));
row('S3 PUT / GET requests', (u) => `${n(u.s3.puts)} / ${n(u.s3.gets)}`);
row('  of the PUTs, signals by NRC bucket and kind', (u) => n(u.growth.signalBuckets.puts));
row('  of the GETs, signal lists for the report', (u) => n(u.growth.signalBuckets.gets));

heading('Payroll: schedule, applied file, reconciliation, statements (a month)');
row('Schedule lines (a line per deduction)', (u) => n(u.payroll.lines));
row("  schedule draw, the largest lender's part (s, MB)", (u) => `${n(u.payroll.seconds.scheduleDraw, 1)} s, ${n(u.payroll.memoryMb.scheduleDraw)} MB`);
row('  schedule assembly (s, MB)', (u) => `${n(u.payroll.seconds.scheduleAssembly, 1)} s, ${n(u.payroll.memoryMb.scheduleAssembly)} MB`);
row('  applied file: validation and join (s, MB)', (u) => `${n(u.payroll.seconds.applied, 1)} s, ${n(u.payroll.memoryMb.applied)} MB`);
row('  S3 stored after the window (GB)', (u) => n(u.payroll.s3.storageGb, 2));
row('  S3 PUT / GET requests', (u) => `${n(u.payroll.s3.puts)} / ${n(u.payroll.s3.gets)}`);
row('  DynamoDB WRU / RRU', (u) => `${n(u.payroll.dynamo.writeUnits)} / ${n(u.payroll.dynamo.readUnits)}`);
row('  Lambda GB-seconds', (u) => n(u.payroll.lambda.gbSeconds));

heading('Register, mandates, notifications, texts (a month)');
row('Register entries / stored (GB)', (u) => `${n(u.growth.register.entries)} / ${n(u.growth.register.storedGb, 2)}`);
row('New mandates (transactions)', (u) => `${n(u.growth.mandates.count)} (${n(u.growth.mandates.count * 3)})`);
row('Notifications (outbox items, stream reads)', (u) => n(u.growth.notifications.count));
row('Texts', (u) => n(u.growth.texts.total));
row('  sign-in codes / mandate PINs', (u) => `${n(u.growth.texts.signInCodes)} / ${n(u.growth.texts.mandatePins)}`);
row('  claim / use / decision texts', (u) => `${n(u.growth.texts.claims)} / ${n(u.growth.texts.uses)} / ${n(u.growth.texts.decisions)}`);
row('CloudFront out (GB) / requests', (u) => `${n(u.cloudfront.gb, 1)} / ${n(u.cloudfront.requests)}`);

heading(`Cost a month (USD, prices checked ${PRICES_CHECKED_ON}; * not read here)`);
const unread = Object.values(PRICES).some((price: Price) => !price.read);
for (const key of Object.keys(bills[0]!) as (keyof (typeof bills)[number])[]) row(`  ${key}`, (_, i) => usd(bills[i]![key]));
row('Total', (_, i) => usd(sum(bills[i]!)));
for (const [name, price] of Object.entries(PRICES) as [string, Price][])
  console.log(`  ${price.read ? ' ' : '*'} ${name.padEnd(20)} $${price.usd} per ${price.per}: ${price.source}`);
if (unread) console.log('  (* = the best known figure, not read on this machine: check it before quoting)');

heading('Limits at the peak, nearest first (need / limit)');
const all = scales.map((scale) => limits(scale, perRow, ASSUMPTIONS));
const byName = (i: number, name: string) => all[i]!.find((l) => l.name === name)!;
const small = (value: number) => (value >= 10 ? n(value) : Number(value.toPrecision(2)).toString());
const cell = (l: Limit) => `${small(l.need)} ${l.unit} ${n(l.use * 100)}%${l.use >= 1 ? '!' : ''}`;
line('', [...scales.map((scale) => scale.label), 'limit']);
for (const l of all[1]!) line(l.name, [...scales.map((_, i) => cell(byName(i, l.name))), `${n(l.limit)} ${l.unit}`]);
scales.forEach((scale, i) => console.log(`Reached first, ${scale.label}: ${all[i]![0]!.name} (${n(all[i]![0]!.use * 100)}%)`));
heading('What the stack does at each');
for (const l of all[1]!) console.log(`- ${l.name}: ${l.stack}`);

// The goals: today every limit at most half used, at ten times at most all, a row at most 4 WRU.
const GOALS = [0.5, 1];
const missed = scales.flatMap((scale, i) => all[i]!.filter((l) => l.use > GOALS[i]!).map((l) => `${l.name} at ${scale.label} (${n(l.use * 100)}%)`));
if (perRowUnits.lastMonth > 4) missed.push(`a row's write units in month ${TODAY.months} (${n(perRowUnits.lastMonth, 2)})`);
heading(`Goals (today ≤ 50% of every limit, ten times ≤ 100%, a row ≤ 4 WRU): ${missed.length ? `missed by ${missed.join('; ')}` : 'met'}`);

if (flags.json) {
  const tags = ['1x', '10x'] as const;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const json = {
    wru_per_row_month12: round(perRowUnits.lastMonth),
    file_checks: scales.map((scale, i) => ({
      scale: tags[i]!,
      wru_per_month: round(usages[i]!.dynamo.writeUnits.fileChecks),
      stored_gb: round(usages[i]!.dynamo.fileCheckGb),
      item_bytes: FILE_CHECK_ITEM_BYTES,
    })),
    texts: scales.map((scale, i) => ({
      scale: tags[i]!,
      count: Math.round(usages[i]!.growth.texts.total),
      usd_per_month: round(bills[i]!['SNS texts']),
      usd_per_text: PRICES.snsTextZambia.usd,
      priced_on: TEXT_PRICED_ON,
    })),
    payroll: scales.map((scale, i) => {
      const p = usages[i]!.payroll;
      return {
        scale: tags[i]!,
        schedule_lines: Math.round(p.lines),
        schedule_draw_s: round(p.seconds.scheduleDraw),
        schedule_draw_mb: round(p.memoryMb.scheduleDraw),
        schedule_assembly_s: round(p.seconds.scheduleAssembly),
        applied_s: round(p.seconds.applied),
        applied_mb: round(p.memoryMb.applied),
        s3_stored_gb: round(p.s3.storageGb),
        s3_puts: Math.round(p.s3.puts),
        s3_gets: Math.round(p.s3.gets),
        wru: round(p.dynamo.writeUnits),
        rru: round(p.dynamo.readUnits),
        gb_seconds: round(p.lambda.gbSeconds),
      };
    }),
    // The platform's own cost for a thousand borrowers a month; texts are paid per text, shown apart above.
    cost_per_1000_borrowers: round(((sum(bills[0]!) - bills[0]!['SNS texts']) / scales[0]!.borrowers) * 1000),
    cost_per_1000_borrowers_with_texts: round((sum(bills[0]!) / scales[0]!.borrowers) * 1000),
    limits: all.flatMap((list, i) => list.map((l) => ({ name: l.name, scale: tags[i]!, need: round(l.need), limit: l.limit, ratio: round(l.use) }))),
  };
  console.log(JSON.stringify(json));
}
