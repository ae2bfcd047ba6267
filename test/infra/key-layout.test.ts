import { describe, expect, it } from 'vitest';
import { disputeEvidenceKey } from '#data/disputes/evidence.js';
import { CHUNK_PREFIX, chunkKey } from '#data/ingestion/layout.js';
import { reconciliationKeys } from '#data/payroll/reconciliation.js';
import { remittanceKeys } from '#data/payroll/remittances.js';
import { DRAW_JOB_PREFIX, drawJobKey, drawnScheduleKeys } from '#data/payroll/schedule-drawn.js';
import { scheduleKeys } from '#data/payroll/schedule-files.js';
import { partJobKey, partKeys } from '#data/payroll/schedule-parts.js';
import { UNEXPECTED_JOB_PREFIX, unexpectedJobKey, unexpectedListKey } from '#data/payroll/unexpected.js';
import { REGISTER_JOB_PREFIX, registerJobKey } from '#data/register/ingestion.js';
import { registerSnapshotKey } from '#data/register/snapshot.js';
import { ingestJobKey } from '#data/submissions/submissions.js';
import { nrcSignalsKey } from '#data/uploads/nrc-signals.js';
import { incomingKey } from '#data/uploads/objects.js';
import { resultKeys } from '#data/uploads/results.js';
import { onboardingDocKey } from '#shared/api/accounts.js';
import type { BucketKey } from '#shared/stores.js';
import { CHUNKS_PREFIX, S3_TRIGGERS } from '../../infra/definitions.js';
import { type BucketGrant, KEYS, ROUTE_GRANTS, TRIGGER_GRANTS } from '../../infra/grants.js';
import { finalEvidenceKey, stagingKey } from '../../lambdas/api/fraud/names.js';
import { storagePath } from '../../lambdas/api/submissions/upload-request.js';

/**
 * The S3 grants are scoped to key patterns (KEYS in infra/grants.ts). Here the keys the code itself
 * builds (lambdas/data, lambdas/api) are checked against them: each function can reach the keys it
 * works on, and no pattern reaches another kind of key.
 */
const matches = (pattern: string, key: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  ).test(key);

const id = '0b7e4a52-6f0c-4d2a-9a51-3c1f7d2e9b10';
const upload = { month: '2026-03', payee_key: '1234', id, slug: 'march-inputs.xlsx', created_at: '2026-03-05T10:15:00.000Z' };
const KEY = {
  incoming: incomingKey(id, 'march-inputs.xlsx'),
  issues: resultKeys(id).issues,
  rows: resultKeys(id).rows,
  report: resultKeys(id).report,
  signalsHead: resultKeys(id).signalsHead,
  signalsOfType: resultKeys(id).signals('NEW'),
  signalsByNrc: nrcSignalsKey(id, 17),
  registerSnapshot: registerSnapshotKey(id),
  ingest: ingestJobKey(id),
  chunk: chunkKey(id, 3, 20),
  storedInputs: storagePath({ ...upload, doc_kind: 'inputs' }),
  storedStoppages: storagePath({ ...upload, doc_kind: 'stoppages' }),
  storedOnboarding: storagePath({ ...upload, payee_key: '', doc_kind: 'onboarding' }),
  storedRegister: storagePath({ ...upload, payee_key: '', doc_kind: 'register' }),
  storedApplied: storagePath({ ...upload, payee_key: '', doc_kind: 'applied' }),
  reconciliationLines: reconciliationKeys(id, '1234').lines,
  reconciliationCsv: reconciliationKeys(id, '1234').csv,
  statementPdf: remittanceKeys(id, '1234').pdf,
  statementCsv: remittanceKeys(id, '1234').csv,
  registerJob: registerJobKey(id, 3, 12),
  staging: stagingKey('user-sub-1', id, 'Payslip scan.PDF'),
  filed: finalEvidenceKey({ month: '2026-03', payeeKey: '1234', fiName: 'Zambia Lenders Ltd', timestamp: 1772700000000, n: 1, file: 'payslip-scan.pdf' }),
  requestDoc: onboardingDocKey(id, 'pacra'),
  disputeEvidence: disputeEvidenceKey(id, 'lender', id, 'loan-agreement.pdf'),
  employeeEvidence: disputeEvidenceKey(id, 'employee', id, 'payslip-photo.jpg'),
  scheduleLines: scheduleKeys('2026-03', 2).jsonl,
  scheduleXlsx: scheduleKeys('2026-03', 2).xlsx,
  drawJob: drawJobKey('2026-03', 'a'.repeat(32)),
  drawnLines: drawnScheduleKeys('2026-03', 'a'.repeat(32)).jsonl,
  drawnXlsx: drawnScheduleKeys('2026-03', 'a'.repeat(32)).xlsx,
  drawPartJob: partJobKey('2026-03', 'a'.repeat(32), '1234'),
  drawnPartLines: partKeys('2026-03', 'a'.repeat(32), '1234').jsonl,
  unexpectedJob: unexpectedJobKey(id),
  unexpectedList: unexpectedListKey(id),
};
type KeyName = keyof typeof KEY;

/** Which pattern each key falls under; every other pattern must miss it. */
const PATTERN_OF: Record<KeyName, string> = {
  incoming: KEYS.uploads.incoming,
  issues: KEYS.uploads.results,
  rows: KEYS.uploads.results,
  report: KEYS.uploads.results,
  signalsHead: KEYS.uploads.results,
  signalsOfType: KEYS.uploads.results,
  signalsByNrc: KEYS.uploads.results,
  registerSnapshot: KEYS.uploads.results,
  ingest: KEYS.uploads.ingest,
  chunk: KEYS.uploads.chunks,
  storedInputs: KEYS.uploads.stored[0],
  storedStoppages: KEYS.uploads.stored[1],
  storedOnboarding: KEYS.onboarding.stored,
  storedRegister: KEYS.uploads.storedRegister,
  storedApplied: KEYS.uploads.storedApplied,
  reconciliationLines: KEYS.uploads.results,
  reconciliationCsv: KEYS.uploads.results,
  statementPdf: KEYS.uploads.results,
  statementCsv: KEYS.uploads.results,
  registerJob: KEYS.uploads.registerJobs,
  staging: KEYS.evidence.staging,
  filed: KEYS.evidence.filed,
  requestDoc: KEYS.onboarding.requests,
  disputeEvidence: KEYS.evidence.disputes,
  employeeEvidence: KEYS.evidence.disputes,
  scheduleLines: KEYS.uploads.payroll,
  scheduleXlsx: KEYS.uploads.payroll,
  drawJob: KEYS.uploads.scheduleDraws,
  drawnLines: KEYS.uploads.payroll,
  drawnXlsx: KEYS.uploads.payroll,
  drawPartJob: KEYS.uploads.scheduleDraws,
  drawnPartLines: KEYS.uploads.payroll,
  unexpectedJob: KEYS.uploads.unexpectedJobs,
  unexpectedList: KEYS.uploads.results,
};

type Op = 'read' | 'write' | 'delete';
/** Who works on which key, and how: [function id, bucket, operation, key]. */
const USES: [string, BucketKey, Op, KeyName][] = [
  ['create-upload', 'uploads', 'write', 'incoming'],
  ['validate-upload', 'uploads', 'read', 'incoming'],
  ['validate-upload', 'uploads', 'write', 'issues'],
  ['validate-upload', 'uploads', 'write', 'rows'],
  ['validate-upload', 'uploads', 'write', 'report'],
  ['get-upload-report', 'uploads', 'read', 'report'],
  ['validate-upload', 'uploads', 'write', 'signalsHead'],
  ['validate-upload', 'uploads', 'write', 'signalsOfType'],
  ['validate-upload', 'uploads', 'read', 'rows'],
  ['get-upload', 'uploads', 'read', 'signalsHead'],
  ['get-upload-signals', 'uploads', 'read', 'signalsOfType'],
  ['validate-upload', 'uploads', 'write', 'signalsByNrc'],
  ['list-my-deductions', 'uploads', 'read', 'signalsByNrc'],
  ['ingest-register', 'uploads', 'write', 'registerSnapshot'],
  ['validate-upload', 'uploads', 'read', 'registerSnapshot'],
  ['report-my-deduction', 'evidence', 'write', 'employeeEvidence'],
  ['get-dispute', 'evidence', 'read', 'employeeEvidence'],
  ['submit-upload', 'uploads', 'read', 'incoming'],
  ['submit-upload', 'uploads', 'write', 'storedInputs'],
  ['submit-upload', 'uploads', 'write', 'storedStoppages'],
  ['submit-upload', 'onboarding', 'write', 'storedOnboarding'],
  ['submit-upload', 'uploads', 'read', 'ingest'],
  ['submit-upload', 'uploads', 'write', 'ingest'],
  ['ingest-submission', 'uploads', 'read', 'rows'],
  ['ingest-submission', 'uploads', 'write', 'chunk'],
  ['ingest-chunk', 'uploads', 'read', 'chunk'],
  ['submit-upload', 'uploads', 'write', 'storedRegister'],
  ['submit-upload', 'uploads', 'write', 'storedApplied'],
  ['validate-upload', 'uploads', 'write', 'reconciliationLines'],
  ['get-reconciliation', 'uploads', 'read', 'reconciliationLines'],
  ['get-reconciliation', 'uploads', 'read', 'reconciliationCsv'],
  ['get-reconciliation', 'uploads', 'write', 'reconciliationCsv'],
  ['list-remittances', 'uploads', 'read', 'reconciliationLines'],
  ['list-remittances', 'uploads', 'write', 'statementPdf'],
  ['list-remittances', 'uploads', 'write', 'statementCsv'],
  ['record-remittance-receipt', 'uploads', 'read', 'reconciliationLines'],
  ['record-remittance-receipt', 'uploads', 'write', 'statementPdf'],
  ['resolve-remittance-difference', 'uploads', 'read', 'reconciliationLines'],
  ['resolve-remittance-difference', 'uploads', 'write', 'statementPdf'],
  ['validate-upload', 'uploads', 'read', 'scheduleLines'],
  // A register becomes current once a second admin of the payroll authority approves its proposal.
  ['decide-register-proposal', 'uploads', 'write', 'registerJob'],
  ['ingest-register', 'uploads', 'read', 'registerJob'],
  ['ingest-register', 'uploads', 'read', 'rows'],
  ['get-payroll-schedule', 'uploads', 'read', 'scheduleLines'],
  ['get-payroll-schedule', 'uploads', 'read', 'drawJob'],
  ['get-payroll-schedule', 'uploads', 'write', 'drawJob'],
  ['download-payroll-schedule', 'uploads', 'read', 'drawJob'],
  ['download-payroll-schedule', 'uploads', 'write', 'drawJob'],
  ['download-payroll-schedule', 'uploads', 'read', 'drawnXlsx'],
  ['download-payroll-schedule', 'uploads', 'write', 'scheduleXlsx'],
  ['draw-schedule', 'uploads', 'read', 'drawJob'],
  ['draw-schedule', 'uploads', 'delete', 'drawJob'],
  ['draw-schedule', 'uploads', 'write', 'drawPartJob'],
  ['draw-schedule', 'uploads', 'write', 'drawnPartLines'],
  ['draw-schedule', 'uploads', 'read', 'rows'],
  ['draw-schedule', 'uploads', 'read', 'scheduleLines'],
  ['draw-schedule', 'uploads', 'write', 'drawnLines'],
  ['draw-schedule', 'uploads', 'delete', 'drawnLines'],
  ['draw-schedule', 'uploads', 'delete', 'drawnPartLines'],
  ['get-submission-file', 'uploads', 'read', 'storedInputs'],
  ['get-submission-file', 'uploads', 'read', 'storedStoppages'],
  ['create-fraud-attachment-upload', 'evidence', 'write', 'staging'],
  ['create-fraud-report', 'evidence', 'read', 'staging'],
  ['create-fraud-report', 'evidence', 'delete', 'staging'],
  ['create-fraud-report', 'evidence', 'read', 'filed'],
  ['create-fraud-report', 'evidence', 'write', 'filed'],
  ['list-fraud-reports', 'evidence', 'read', 'filed'],
  ['search-fraud-reports', 'evidence', 'read', 'filed'],
  ['withdraw-fraud-report', 'evidence', 'read', 'filed'],
  ['create-access-request', 'onboarding', 'write', 'requestDoc'],
  ['renew-access-request', 'onboarding', 'write', 'requestDoc'],
  ['get-access-request-documents', 'onboarding', 'read', 'requestDoc'],
  ['check-document', 'onboarding', 'read', 'requestDoc'],
  ['decide-access-request', 'onboarding', 'delete', 'requestDoc'],
  ['create-dispute-evidence-upload', 'evidence', 'write', 'disputeEvidence'],
  ['get-dispute', 'evidence', 'read', 'disputeEvidence'],
  ['validate-upload', 'uploads', 'write', 'unexpectedList'],
  ['submit-upload', 'uploads', 'write', 'unexpectedJob'],
  // An approved replacement of a month's applied file starts the same jobs as Submit (onAppliedRecorded).
  ['decide-applied-replacement', 'uploads', 'write', 'ingest'],
  ['decide-applied-replacement', 'uploads', 'write', 'unexpectedJob'],
  ['unexpected-deductions', 'uploads', 'read', 'unexpectedJob'],
  ['unexpected-deductions', 'uploads', 'read', 'unexpectedList'],
];

const GRANTS = { ...ROUTE_GRANTS, ...TRIGGER_GRANTS };

describe('the S3 key layout', () => {
  it.each(Object.entries(KEY))('%s (%s) falls under its own pattern and no other', (name, key) => {
    const all = [...new Set(Object.values(PATTERN_OF))];
    expect(all.filter((p) => matches(p, key))).toEqual([PATTERN_OF[name as KeyName]]);
  });

  it.each(USES)('%s may %s the %s… key %s', (fn, bucket, op, name) => {
    const grant: BucketGrant = GRANTS[fn]?.buckets?.[bucket] ?? {};
    expect(
      (grant[op] ?? []).some((p) => matches(p, KEY[name])),
      `${fn} ${op} ${KEY[name]}`,
    ).toBe(true);
  });

  it('runs the chunk trigger and expires the chunks under the prefix the code writes them to', () => {
    expect(CHUNK_PREFIX).toBe(CHUNKS_PREFIX);
    expect(S3_TRIGGERS.find((trigger) => trigger.id === 'ingest-chunk')?.prefix).toBe(CHUNKS_PREFIX);
  });

  it('runs the register trigger under the prefix the code writes its jobs to', () => {
    expect(S3_TRIGGERS.find((trigger) => trigger.id === 'ingest-register')?.prefix).toBe(REGISTER_JOB_PREFIX);
  });

  it('runs the unexpected deductions trigger under the prefix Submit writes its jobs to', () => {
    expect(S3_TRIGGERS.find((trigger) => trigger.id === 'unexpected-deductions')?.prefix).toBe(UNEXPECTED_JOB_PREFIX);
  });

  it('runs the schedule draw trigger under the prefix its jobs are asked under', () => {
    expect(S3_TRIGGERS.find((trigger) => trigger.id === 'draw-schedule')?.prefix).toBe(DRAW_JOB_PREFIX);
  });

  it('gives no two triggers of one bucket overlapping prefixes (S3 refuses such a configuration)', () => {
    const overlapping = S3_TRIGGERS.flatMap((a) =>
      S3_TRIGGERS.filter((b) => a !== b && a.bucket === b.bucket && b.prefix.startsWith(a.prefix)).map((b) => `${a.prefix} ⊇ ${b.prefix}`),
    );
    expect(overlapping).toEqual([]);
  });

  it('grants no key pattern beyond those the code works on', () => {
    const used = new Set(USES.map(([fn, bucket, op, name]) => `${fn} ${bucket} ${op} ${PATTERN_OF[name]}`));
    const granted = Object.entries(GRANTS).flatMap(([fn, g]) =>
      Object.entries(g.buckets ?? {}).flatMap(([bucket, b]) =>
        (['read', 'write', 'delete'] as Op[]).flatMap((op) => (b[op] ?? []).map((p) => `${fn} ${bucket} ${op} ${p}`)),
      ),
    );
    expect(granted.filter((g) => !used.has(g))).toEqual([]);
  });
});
