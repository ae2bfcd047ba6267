import { describe, expect, it } from 'vitest';
import { ASSUMPTIONS, perRowFrom, times, TODAY, type PerRow } from '../../capacity/inputs.js';
import { itemBytes, readUnits, writeUnits } from '../../capacity/item-size.js';
import { limits } from '../../capacity/limits.js';
import { bucketsTouched, FILE_CHECK_ITEM_BYTES, fileChecks, monthlyUsage, pollsDuring, pollsPerSecond, writeUnitsPerRow } from '../../capacity/model.js';
import { readPerRowCosts } from '../../capacity/per-row-costs.js';
import { monthlyCost, PRICES } from '../../capacity/prices.js';
import { API_THROTTLE } from '../../infra/sizing.js';

/** Per-row costs of the size the benches measure, fixed here so the expectations do not move with them. */
const PER_ROW: PerRow = {
  validateCpuMsPer1000Rows: 5,
  validationPeakRssMb: 240,
  validationPeakRssMb1m: 480,
  xlsxBytesPerRow: 42,
  rowsJsonBytesPerRow: 200,
  historyItemBytes: 350,
  historyItemsPerRow: 1,
  recordUpdatesPerRow: 1,
  recordBytesMonth12: 1_100,
  recordWriteUnitsMonth12: 2,
  recordBytesMean: 900,
  recordWriteUnitsMean: 1.6,
  employeeSummaryBytes: 170,
  digestBytesPerNrc: 9,
  uploadRecordBytes: 4_000,
  auditEntryBytes: 470,
};
const total = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);

describe('itemBytes', () => {
  it.each([
    ['a string: name and UTF-8 bytes', { ab: 'xyz' }, 5],
    ['a number: a byte per two significant digits, and one', { n: 12_345 }, 5],
    ['trailing and leading zeros are not significant', { n: 1_000 }, 3],
    ['null and booleans weigh a byte', { a: null, b: true }, 4],
    ['a map: 3 bytes, and a byte per element beside its name and value', { m: { k: 'v' } }, 7],
    ['a list: 3 bytes, and a byte per element', { l: ['ab', 'c'] }, 9],
    ['a string set: its members', { s: new Set(['123456789', '987654321']) }, 19],
    ['undefined attributes are never stored', { a: 'x', b: undefined }, 2],
    ['non-ASCII names count their UTF-8 bytes', { é: 'é' }, 4],
  ])('%s', (_, item, bytes) => {
    expect(itemBytes(item)).toBe(bytes);
  });
});

describe('writeUnits / readUnits', () => {
  it.each([
    [1, false, 1],
    [1_024, false, 1],
    [1_025, false, 2],
    [3_000, true, 6],
  ])('writing %i bytes (transactional %s) costs %i WRU', (bytes, transactional, units) => {
    expect(writeUnits(bytes, transactional)).toBe(units);
  });
  it.each([
    [0, false, 0.5],
    [4_096, false, 0.5],
    [4_097, false, 1],
    [4_097, true, 2],
  ])('reading %i bytes (consistent %s) costs %d RRU', (bytes, consistent, units) => {
    expect(readUnits(bytes, consistent)).toBe(units);
  });
});

describe('bucketsTouched', () => {
  it.each([
    [0, 0, 0],
    [1, 1, 1],
    [1_000, 600, 650],
    [100_000, 1_023.9, 1_024],
  ])('%i NRCs touch between %d and %d digest buckets', (nrcs, low, high) => {
    expect(bucketsTouched(nrcs)).toBeGreaterThanOrEqual(low);
    expect(bucketsTouched(nrcs)).toBeLessThanOrEqual(high);
  });
});

describe('monthlyUsage', () => {
  const today = monthlyUsage(TODAY, PER_ROW);
  const tenfold = monthlyUsage(times(TODAY, 10), PER_ROW);
  it.each([
    ['DynamoDB writes', (u: typeof today) => total(u.dynamo.writeUnits)],
    ['DynamoDB reads of ingestion and history lookups', (u: typeof today) => u.dynamo.readUnits.ingest + u.dynamo.readUnits.lookups],
    ['Lambda invocations', (u: typeof today) => total(u.lambda.invocations)],
    ['Lambda GB-seconds', (u: typeof today) => total(u.lambda.gbSeconds)],
    ['S3 storage', (u: typeof today) => u.s3.storageGb],
    ['CloudFront bytes', (u: typeof today) => u.cloudfront.gb],
  ])('ten times the borrowers and lenders gives about ten times the %s', (_, measure) => {
    expect(measure(tenfold) / measure(today)).toBeGreaterThan(9.5);
    expect(measure(tenfold) / measure(today)).toBeLessThan(10.5);
  });
  it("reads more than ten times as much to validate: each validation reads the status of the window's submissions its borrowers' entries name", () => {
    expect(tenfold.dynamo.readUnits.validate / today.dynamo.readUnits.validate).toBeGreaterThan(10.5);
  });
  it('counts a month of rows: two loans a borrower and their stoppages', () => {
    expect(today.rows.inputs).toBe(400_000);
    expect(today.rows.total).toBeCloseTo(400_000 * (1 + ASSUMPTIONS.stoppageShare));
  });
  it("writes a row's history item, one record update and, for the unsettled share, its employee number's summary", () => {
    const { lastMonth, mean } = writeUnitsPerRow(PER_ROW);
    expect(lastMonth).toBeCloseTo(1 + 2 + ASSUMPTIONS.unsettledEmployeeShare * 1, 2);
    expect(mean).toBeLessThan(lastMonth);
    expect(today.dynamo.writeUnits.ingest / today.rows.total).toBeGreaterThanOrEqual(mean);
    expect(today.dynamo.writeUnits.ingest / today.rows.total).toBeLessThan(mean + 0.1);
  });
  it('costs the same to write a row whatever the window: compaction holds the records at the size measured', () => {
    const units = (months: number) => monthlyUsage({ ...TODAY, months }, PER_ROW).dynamo.writeUnits.ingest;
    expect(units(60)).toBe(units(12));
  });
});

describe('limits', () => {
  const named = (registryNrcs: number, name: string) => limits({ ...TODAY, registryNrcs }, PER_ROW).find((l) => l.name === name)!;
  it.each([
    [20_000, false],
    [2_000_000, false],
    [40_000_000, false],
    [50_000_000, true],
  ])('a registry of %i NRCs: a digest bucket item reaches 400 KB: %s', (registryNrcs, reached) => {
    expect(named(registryNrcs, 'Digest bucket item size').use >= 1).toBe(reached);
  });
  it('puts the validation memory of a file on the line through the two measured files', () => {
    const memory = (rows: number) => limits({ ...TODAY, largestFileRows: rows }, PER_ROW).find((l) => l.name === 'Validate largest file, memory')!.need;
    expect(memory(100_000)).toBeCloseTo(240);
    expect(memory(1_000_000)).toBeCloseTo(480);
    expect(memory(550_000)).toBeCloseTo(360);
  });
  it('lists the nearest limit first', () => {
    const uses = limits(TODAY, PER_ROW).map((l) => l.use);
    expect(uses).toEqual([...uses].sort((a, b) => b - a));
  });
  it('takes a tenfold largest file by its rows, with room, as the reader does', () => {
    const rows = limits(times(TODAY, 10), PER_ROW).find((l) => l.name === 'Largest file, rows')!;
    expect(rows.need).toBe(1_000_000);
    expect(rows.use).toBeLessThanOrEqual(0.75);
  });
  it("ingests a tenfold largest file in chunks: within a chunk's timeout and the chunks' event age, quicker on a warm table", () => {
    const tenfold = limits(times(TODAY, 10), PER_ROW);
    const named = (start: string) => tenfold.find((l) => l.name.startsWith(start))!;
    expect(named('Ingest one chunk').use).toBeLessThan(0.5);
    expect(named('Ingest largest file, month').use).toBeLessThan(1);
    expect(named('Ingest largest file, warm').need).toBeLessThan(named('Ingest largest file, month').need);
  });
  it("holds the tenfold deadline burst within half the API stage's throttle", () => {
    const burst = limits(times(TODAY, 10), PER_ROW).find((l) => l.name === 'API requests/s, deadline burst')!;
    expect(burst.limit).toBe(API_THROTTLE.rateLimit);
    expect(burst.use).toBeLessThanOrEqual(0.5);
  });
});

describe('pollsDuring', () => {
  it.each([
    // A quick validation is seen done by the first poll; a longer one is polled after 1, 2.5, 4.75 … s in each stage.
    [0.5, 1],
    [4, 1 + 4],
    [40, 1 + 4 * 4],
    [400, 1 + 4 * 13],
  ])('a validation of %d s gets %i polls', (seconds, polls) => {
    expect(pollsDuring(seconds)).toBe(polls);
  });
  it('polls a file at most once a second, less the longer it takes', () => {
    expect(pollsPerSecond(0.5)).toBe(1);
    expect(pollsPerSecond(40)).toBeLessThan(pollsPerSecond(4));
  });
});

describe('monthlyCost', () => {
  it('is zero for an idle month and grows with every price', () => {
    const usage = monthlyUsage(TODAY, PER_ROW);
    const idle = monthlyUsage({ ...TODAY, borrowers: 0, lenders: 0, staff: 0 }, PER_ROW);
    const doubled = Object.fromEntries(Object.entries(PRICES).map(([key, price]) => [key, { ...price, usd: price.usd * 2 }])) as unknown as typeof PRICES;
    expect(total(monthlyCost(usage, doubled))).toBeCloseTo(2 * total(monthlyCost(usage)));
    expect(total(monthlyCost(idle))).toBe(0);
  });
});

describe('capacity/per-row-costs.json', () => {
  it('holds every per-row cost the model reads, each with its figure and day', () => {
    const costs = readPerRowCosts();
    expect(Object.values(perRowFrom(costs)).every((value) => value > 0)).toBe(true);
    for (const entry of Object.values(costs)) expect(entry.measured_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('file-check lookups', () => {
  it.each([
    [0, 0],
    [1, 2],
    [100_000, 200_000],
    [1_500_000, 3_000_000],
  ])('a validation of %i rows writes %i units: a pointer a row and its gsi1 copy, each under a kilobyte', (rows, units) => {
    expect(FILE_CHECK_ITEM_BYTES).toBeLessThanOrEqual(1_024);
    expect(fileChecks(rows).writeUnits).toBe(units);
    expect(fileChecks(rows).storedBytes).toBe(rows * 2 * (FILE_CHECK_ITEM_BYTES + 100));
  });
  it("are written at a new on-demand table's 4,000 WRU/s: the largest file the reader takes in 375 s", () => {
    expect(fileChecks(1_500_000).seconds).toBe(375);
  });
});
