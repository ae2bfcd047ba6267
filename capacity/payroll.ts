import type { Assumptions, Scale } from './inputs.js';
import { readUnits, writeUnits } from './item-size.js';

/*
 * The payroll's month: the schedule (drawn by its S3 event when a view finds its COMPLETED submissions changed:
 * its JSONL, CSV and XLSX; frozen by copying them when first downloaded, decision 0198), the applied deductions file (validated and joined with the schedule in the validation
 * function), the reconciliation's result files and month item, and the remittance statements (a PDF and a CSV
 * drawn once per lender and month). The per-line figures are measured (named with their bench); the counts of
 * views and versions are guesses to revise with real traffic.
 */
export const PAYROLL = {
  /** Frozen versions a month (a submission completed after the first download makes another). */
  versionsPerMonth: 2,
  /** Times the authority and admins open /payroll a month (each a few small reads; the screen's polls while drawn besides). */
  scheduleViewsPerMonth: 30,
  /** Draws a month: a view after the month's COMPLETED submissions changed (several completions between views make one). */
  drawsPerMonth: 10,
  /** Draws whose files a month keeps: a new draw removes the draw before the one it replaces (decision 0236). */
  keptDraws: 2,
  /** Downloads a version gets (presigned GETs of its CSV and XLSX). */
  downloadsPerVersion: 4,
  /** Validations of each applied file a month (a first one with errors, then the good one). */
  appliedValidations: 2,
  /**
   * The rows the payroll puts in one part of the month's applied deductions at most, whole lenders only (decision 0221):
   * a month at or under it comes in one file, as before; a lender larger than it comes in a part of its own.
   */
  appliedPartLines: 500_000,
  /** Reconciliation pages a lender opens a month (each reads its own lines, decision 0237) and statement downloads. */
  reconciliationViewsPerLender: 10,
  statementDownloadsPerLender: 2,
  /** Bytes a line: the schedule's JSONL, CSV and XLSX (bench/schedule-child.ts, 100,000 lines, 2026-11-28). */
  scheduleBytesPerLine: { jsonl: 159, csv: 70, xlsx: 39 },
  /** An applied file's XLSX bytes a row (the reconciliation bench's workbook, 2026-11-28). */
  appliedXlsxBytesPerRow: 23,
  /**
   * A reconciliation line's bytes: its JSONL, written by every validation, and its CSV, made only for the month's recorded
   * file, on a lender's first page (decision 0211; the reconciliation bench: 62.7 MB for 309,000 lines, 69 bytes a line of CSV).
   */
  resultBytesPerLine: { jsonl: 144, csv: 69 },
  /** A statement line's PDF and CSV bytes together (a line of text in each). */
  statementBytesPerLine: 140,
  /**
   * CPU a line, microseconds, on one core of the bench machine: the applied file's validation and the join (the
   * reconciliation bench, 300,000 lines: 2,563 ms CPU; the CSV made on its first download since, 0.87 of the code
   * before in one run at load 14, 2,252 against 2,589 ms); a lender's part of the schedule's draw (decision 0218; its lines
   * made, its JSONL while compared with the frozen version's lines of the lender, its CSV lines and XLSX sheets:
   * bench/schedule-child.ts, 1,000,000 lines over 10 lenders, 2026-11-28, load average 9–13: the largest part 4,161 ms
   * for 100,000 lines); the assembly's CPU (the hash, the month's JSONL, CSV and XLSX streamed from the parts: 339 ms for
   * the 1,000,000 lines), beside which its S3 transfers count.
   */
  reconciliationCpuUsPerLine: 7.4,
  schedulePartCpuUsPerLine: 42,
  scheduleAssemblyCpuUsPerLine: 0.34,
  /**
   * Bytes the assembly moves a line: the parts' CSV read twice (the hash, then the file) and written, their JSONL read and
   * written, their XLSX sheets read and written; at a single stream's S3 throughput from a function (an assumption, MB/s).
   */
  scheduleAssemblyBytesPerLine: 3 * 70 + 2 * 159 + 2 * 33,
  s3StreamMbPerSecond: 40,
  /** A part's memory: the runtime, then its lender's lines held as short strings (bench/schedule-child.ts, peak RSS 349 MB for parts of 100,000 lines, 930 MB for one of 1,000,000, 41.9 s CPU: 2026-11-28, load average 14). */
  schedulePartBaseMb: 284,
  schedulePartMbPerMillion: 646,
  /** The assembly's memory: the runtime and a few chunks in flight, whatever the month (the bench's peak RSS 128 MB). */
  scheduleAssemblyMb: 128,
  /** The applied stage's memory: the runtime, then a million lines' index and join (the bench's 426 MB peak RSS at 1,000,000). */
  appliedStageBaseMb: 100,
  appliedStageMbPerMillion: 326,
  /** A lender's totals on the month's items (reconciliation: counts and totals; schedule version: lines and total), marshalled. */
  reconciliationLenderBytes: 230,
  scheduleLenderBytes: 120,
  /** A statement's item and its receipt's (number, totals, links, received). */
  statementItemBytes: 600,
} as const;

/**
 * Bytes of a JSONL reconciliation line held as objects by the API that reads a lender's file (parsed strings and
 * numbers), and the CSV text it makes of them on the lender's first download (69 bytes a line, the reconciliation bench).
 */
const HELD_BYTES_PER_LINE = 400 + 69;
const MB = 1_048_576;

/** A month of the payroll's parts at this scale: S3, DynamoDB, Lambda, and what the limits need. */
export function payrollUsage(scale: Scale, a: Assumptions, payroll = PAYROLL) {
  const lines = scale.borrowers * a.loansPerBorrower;
  // A month without deductions has no schedule to view, freeze or answer.
  const p =
    lines > 0
      ? payroll
      : { ...payroll, versionsPerMonth: 0, scheduleViewsPerMonth: 0, drawsPerMonth: 0, appliedValidations: 0, reconciliationViewsPerLender: 0 };
  const b = p.scheduleBytesPerLine;
  const versionBytes = lines * (b.jsonl + b.csv + b.xlsx);
  const r = p.resultBytesPerLine;
  // The CSV of a lender's lines is made for the recorded file only, on its first page (none when no page is opened).
  const csvLines = p.appliedValidations > 0 && p.reconciliationViewsPerLender > 0 ? lines : 0;
  const monthBytes =
    p.versionsPerMonth * versionBytes +
    p.appliedValidations * lines * (p.appliedXlsxBytesPerRow + r.jsonl) +
    csvLines * r.csv +
    lines * p.statementBytesPerLine;
  const vcpu = (memoryMb: number) => Math.min(1, memoryMb / 1_769);
  // The schedule is drawn in parts, a lender each (decision 0218): the largest lender's part is the one that meets the limits.
  const largestLenderLines = Math.min(lines, scale.largestFileRows);
  const scheduleDrawSeconds = (largestLenderLines * p.schedulePartCpuUsPerLine) / 1e6 / vcpu(a.eventMemoryMb);
  const scheduleAssemblySeconds =
    (lines * p.scheduleAssemblyCpuUsPerLine) / 1e6 / vcpu(a.eventMemoryMb) + (lines * p.scheduleAssemblyBytesPerLine) / MB / p.s3StreamMbPerSecond;
  const allPartsSeconds = (lines * p.schedulePartCpuUsPerLine) / 1e6 / vcpu(a.eventMemoryMb);
  // The applied file's largest part: whole lenders up to the planned part size, or the largest lender alone when it is bigger.
  const partLines = Math.min(lines, Math.max(largestLenderLines, p.appliedPartLines));
  const parts = partLines > 0 ? Math.ceil(lines / partLines) : 0;
  const appliedSeconds = (partLines * p.reconciliationCpuUsPerLine) / 1e6 / vcpu(a.eventMemoryMb);
  return {
    lines,
    applied: { partLines, parts },
    seconds: { scheduleDraw: scheduleDrawSeconds, scheduleAssembly: scheduleAssemblySeconds, applied: appliedSeconds },
    memoryMb: {
      scheduleDraw: p.schedulePartBaseMb + (p.schedulePartMbPerMillion * largestLenderLines) / 1e6,
      scheduleAssembly: p.scheduleAssemblyMb,
      applied: p.appliedStageBaseMb + (p.appliedStageMbPerMillion * partLines) / 1e6,
      reconciliationPage: (largestLenderLines * HELD_BYTES_PER_LINE) / MB,
    },
    itemBytes: { reconciliation: scale.lenders * p.reconciliationLenderBytes, scheduleVersion: scale.lenders * p.scheduleLenderBytes },
    s3: {
      // Kept over the window: every version's files, the month's last draws', the applied files, the result files and the statements.
      storageGb: (scale.months * (monthBytes + Math.min(p.drawsPerMonth, p.keptDraws) * versionBytes)) / 1e9,
      // A draw: its job, a part job and three files a lender, the assembly's job and the month's three files (8 MB parts); a version: three copies; a validation: its file and 2 files a lender; 2 a statement.
      puts:
        p.drawsPerMonth * (2 + 4 * scale.lenders + (2 * versionBytes) / (8 * MB)) +
        p.versionsPerMonth * 3 +
        p.appliedValidations * (parts + 2 * scale.lenders) +
        2 * scale.lenders,
      // A draw reads every lender's completed inputs (its rows), the frozen version's range and its three files a lender; a view a HEAD of
      // the job at most; downloads, pages and statements one each.
      gets:
        p.drawsPerMonth * (scale.lenders + 3 + 3 * scale.lenders) +
        p.scheduleViewsPerMonth +
        p.versionsPerMonth * (p.downloadsPerVersion + 2) +
        p.appliedValidations * 2 * parts +
        scale.lenders * (p.reconciliationViewsPerLender + p.statementDownloadsPerLender + 1),
    },
    dynamo: {
      writeUnits:
        (p.versionsPerMonth + p.drawsPerMonth) * writeUnits(scale.lenders * p.scheduleLenderBytes) +
        (p.appliedValidations > 0 ? writeUnits(scale.lenders * p.reconciliationLenderBytes) : 0) +
        2 * scale.lenders * writeUnits(p.statementItemBytes),
      readUnits:
        (2 * p.scheduleViewsPerMonth + p.drawsPerMonth + p.appliedValidations) * readUnits(scale.lenders * p.scheduleLenderBytes, true) +
        scale.lenders * p.reconciliationViewsPerLender * readUnits(scale.lenders * p.reconciliationLenderBytes, true),
      storageGb: (scale.months * (scale.lenders * (p.reconciliationLenderBytes + p.scheduleLenderBytes * p.versionsPerMonth + 2 * p.statementItemBytes))) / 1e9,
    },
    lambda: {
      invocations:
        p.scheduleViewsPerMonth +
        p.drawsPerMonth * (2 + scale.lenders) +
        p.versionsPerMonth +
        p.appliedValidations * parts +
        scale.lenders * (p.reconciliationViewsPerLender + 1),
      gbSeconds: ((p.drawsPerMonth * (allPartsSeconds + scheduleAssemblySeconds) + p.appliedValidations * parts * appliedSeconds) * a.eventMemoryMb) / 1024,
    },
  };
}
