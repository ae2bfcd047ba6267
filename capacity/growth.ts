import { NRC_SIGNAL_BUCKETS } from '#data/uploads/nrc-signals.js';
import type { Assumptions, Scale } from './inputs.js';
import { readUnits, writeUnits } from './item-size.js';

/*
 * The costs that grow with use beside ingestion's: the signals' per-NRC buckets, mandates, the payroll
 * register, notifications delivered through the outbox's stream, and texts. Each count is named here
 * with the guess it rests on (no benchmark measures how people use the platform); change one and the
 * table follows.
 */

/** How the platform's newer parts are used: guesses to revise with real traffic. */
export const GROWTH = {
  /** Civil servants on the payroll register per borrower (not every one borrows). */
  registerPerBorrower: 1.25,
  /** A register entry's stored bytes (NRC, employee number, names, mobile, basic pay, keys). */
  registerEntryBytes: 320,
  /** Registers uploaded a month (replaced whole), and proposals a month looked at before one is approved. */
  registersPerMonth: 1,
  /** Months a loan lasts: so many new mandates a month per running loan. */
  loanMonths: 24,
  /** A mandate's transactions: given (mandate, PIN, the employee's cap), claimed (mandate, claim), first used. */
  mandateTransactionItems: { give: 3, claim: 2, use: 1 },
  mandateItemBytes: 900,
  /** Portal sign-ins a month per borrower, and codes asked for per sign-in (a code asked for again). */
  portalSignInsPerBorrower: 0.1,
  codesPerSignIn: 1.2,
  /** Disputes a month per borrower, each decided with a text. */
  disputesPerBorrower: 0.002,
  /** Emails a file's life sends (received, decided, report). */
  emailsPerFile: 3,
  /** An outbox item's bytes (kind, recipient, body, keys). */
  outboxItemBytes: 700,
  /** Notifications one stream-triggered invocation delivers (the mapping's batch, as filled at low traffic). */
  notificationsPerInvocation: 2,
  /** Share of a month's texts in its busiest hour (they follow people, not the submission deadline). */
  textPeakHourShare: 0.02,
  /** The signals' lists a validation writes to S3 by kind, beside its per-NRC buckets; each read back once for the CSV report. */
  signalKinds: 8,
} as const;

/**
 * A month of the growing parts at this scale. `rows` and `validations` are the month's (the model's);
 * the register is read once per validation as a snapshot (its pages, eventually consistent), not per row.
 */
export function growthUsage(scale: Scale, validations: number, files: number, a: Assumptions, g = GROWTH) {
  const registerEntries = scale.borrowers * g.registerPerBorrower;
  const entryWrite = writeUnits(g.registerEntryBytes);
  const snapshotReadUnits = (registerEntries * g.registerEntryBytes) / 4096 / 2;
  const register = {
    entries: registerEntries,
    // Each upload writes every entry, its proposal's difference reads the current register once.
    writeUnits: g.registersPerMonth * registerEntries * entryWrite,
    readUnits: g.registersPerMonth * snapshotReadUnits + validations * snapshotReadUnits,
    storedGb: (2 * registerEntries * g.registerEntryBytes) / 1e9,
  };
  const newMandates = (scale.borrowers * a.loansPerBorrower) / g.loanMonths;
  const itemUnits = writeUnits(g.mandateItemBytes, true);
  const t = g.mandateTransactionItems;
  const mandates = {
    count: newMandates,
    writeUnits: newMandates * itemUnits * (t.give + t.claim + t.use),
    readUnits: newMandates * 3 * readUnits(g.mandateItemBytes),
    storedGb: (newMandates * 12 * g.mandateItemBytes) / 1e9,
  };
  const texts = {
    signInCodes: scale.borrowers * g.portalSignInsPerBorrower * g.codesPerSignIn,
    mandatePins: newMandates,
    claims: newMandates,
    uses: newMandates,
    decisions: scale.borrowers * g.disputesPerBorrower,
  };
  const textCount = Object.values(texts).reduce((sum, x) => sum + x, 0);
  const emails = files * g.emailsPerFile;
  const notifications = textCount + emails;
  return {
    register,
    mandates,
    signalBuckets: { puts: validations * (NRC_SIGNAL_BUCKETS + g.signalKinds), gets: validations * g.signalKinds },
    texts: { ...texts, total: textCount, peakPerSecond: (textCount * g.textPeakHourShare) / 3600 },
    notifications: {
      count: notifications,
      // The outbox item written, then deleted once sent; the stream's reads by Lambda cost nothing apart.
      writeUnits: notifications * 2 * writeUnits(g.outboxItemBytes),
      streamReads: notifications,
      invocations: notifications / g.notificationsPerInvocation,
    },
  };
}
