import type { BucketFamilies, BucketKey } from '#shared/stores.js';

/** The key layouts of lambdas/data (uploads.ts, submissions.ts, evidence.ts, access-requests.ts): each key family's patterns (the families a route's `uses` names). */
export const KEYS = {
  uploads: {
    /** incomingKey: the browser's presigned POST. */
    incoming: 'incoming/*',
    /** resultKeys: validation's issues, rows and CSV report. */
    results: 'results/*',
    /** ingestJobKey: written by Submit, its event runs ingestion. */
    ingest: 'ingest/*',
    /** unexpectedJobKey: written by Submit of an applied deductions file, its event texts the UNEXPECTED lines. */
    unexpectedJobs: 'unexpected/*',
    /** chunkKey: written by the split of an ingestion, each one's event ingests it. */
    chunks: 'chunks/*',
    /** registerJobKey: written by Submit of a payroll register, each one's event stores a range of its employees. */
    registerJobs: 'register/*',
    /** storagePath: `{YYYY-MM}/{payee}/{inputs|stoppages}/…`, where submitted files stay. */
    stored: ['????-??/*/inputs/*', '????-??/*/stoppages/*'],
    /** storagePath of a payroll register: `{YYYY-MM}/pmec/register/…`. */
    storedRegister: '????-??/pmec/register/*',
    /** storagePath of an applied deductions file: `{YYYY-MM}/pmec/applied/…`. */
    storedApplied: '????-??/pmec/applied/*',
    /** The month's payroll schedule: its versions' lines (`payroll/{month}/schedule-v{n}.jsonl`) and downloads. */
    payroll: 'payroll/*',
    /** drawJobKey: written by a view or download of the payroll schedule, its event draws the month's schedule. */
    scheduleDraws: 'schedule-draws/*',
  },
  evidence: {
    /** stagingKey: attachments posted before the report is filed. */
    staging: 'staging/*',
    /** finalEvidenceKey: `{YYYY-MM}/{payee}/fraud/…`, written once, never overwritten or deleted. */
    filed: '????-??/*/fraud/*',
    /** disputeEvidenceKey: `disputes/{id}/{party}/…`, posted by the browser, listed and linked by the dispute. */
    disputes: 'disputes/*',
  },
  onboarding: {
    /** onboardingDocKey: an access request's documents. */
    requests: 'requests/*',
    /** storagePath of an onboarding upload: `{YYYY-MM}/{payee}/onboarding/…`. */
    stored: '????-??/*/onboarding/*',
  },
} as const satisfies { [B in BucketKey]: Record<BucketFamilies[B], string | readonly string[]> };
