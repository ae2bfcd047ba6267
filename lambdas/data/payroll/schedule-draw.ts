import { drawJobKey, getDrawnSchedule, isCurrentDraw, scheduleFingerprint } from './schedule-drawn.js';
import { lenderSourcesOf } from './schedule-live.js';
import { frozenLenderLines, drawLenderPart, s3PartWriter } from './schedule-part.js';
import {
  assemblyJobKey,
  drawPartsDone,
  type DrawRun,
  getDrawPart,
  getDrawRun,
  partJobKey,
  partKeys,
  partOfRun,
  putDrawPart,
  putDrawRun,
  putJob,
} from './schedule-parts.js';
import { completedSubmissions, latestScheduleVersion } from './schedule.js';

/**
 * The month's draw job (decision 0218): the month as its COMPLETED submissions stand now. Drawn already: nothing to do
 * (the job may go). Otherwise a run is planned for their fingerprint (its lenders, the frozen version it compares with)
 * and a part job dropped for each lender whose part is not done; with none left, the assembly job. The job stays while
 * its run draws (the screen's views see it standing and ask nothing more); the assembly removes it.
 */
export async function planDraw(month: string): Promise<{ fingerprint: string; drawn: boolean; parts: number }> {
  const completed = await completedSubmissions(month);
  const fingerprint = scheduleFingerprint(completed);
  const [already, latest] = await Promise.all([getDrawnSchedule(month), latestScheduleVersion(month)]);
  if (isCurrentDraw(already, fingerprint, latest)) return { fingerprint, drawn: true, parts: 0 };
  const planned = await getDrawRun(month, fingerprint);
  let run: DrawRun;
  // A run planned against an older version than the newest (one frozen meanwhile) is planned again against it: its
  // files are titled for the version after the newest, and its parts compare with it.
  if (planned && (planned.base?.version ?? 0) === (latest?.version ?? 0)) run = planned;
  else {
    run = {
      month,
      fingerprint,
      lenders: lenderSourcesOf(completed).map(({ payee_key, org_name }) => ({ payee_key, org_name })),
      base: latest && {
        version: latest.version,
        hash: latest.hash,
        s3_key: latest.s3_key,
        ...(latest.ranges ? { ranges: latest.ranges } : {}),
        by_lender: latest.by_lender.map(({ payee_key, org_name, lines }) => ({ payee_key, org_name, lines })),
      },
      planned_at: new Date().toISOString(),
    };
    await putDrawRun(run);
  }
  const done = new Set((await drawPartsDone(month, fingerprint)).filter((p) => partOfRun(run, p)).map((p) => p.payee_key));
  const left = run.lenders.filter((l) => !done.has(l.payee_key));
  if (left.length === 0) await putJob(assemblyJobKey(month, fingerprint), { month, fingerprint });
  await Promise.all(left.map((l) => putJob(partJobKey(month, fingerprint, l.payee_key), { month, fingerprint, payee_key: l.payee_key })));
  return { fingerprint, drawn: false, parts: left.length };
}

/** Whether a job is the one its run's assembly removes (named by the run's fingerprint), or another to remove now. */
export const isRunJob = (key: string, month: string, fingerprint: string) => key === drawJobKey(month, fingerprint);

/**
 * One lender's part of a run: unless done already (a repeated or duplicated event), its lines drawn and written under the
 * run's fingerprint, and its result item put. Nothing is drawn when the month's COMPLETED submissions are no longer the
 * run's (a completion mid-draw: its own run draws them; this one would mix the two). The part that finds every lender's
 * result there drops the assembly job (two finding it at once drop the same job: the assembly is repeatable).
 */
export async function drawPart(month: string, fingerprint: string, payee: string): Promise<'drawn' | 'done already' | 'superseded'> {
  const run = await getDrawRun(month, fingerprint);
  if (!run) return 'superseded';
  let outcome: 'drawn' | 'done already' = 'done already';
  const drawnBefore = await getDrawPart(month, fingerprint, payee);
  if (!drawnBefore || !partOfRun(run, drawnBefore)) {
    const completed = await completedSubmissions(month);
    if (scheduleFingerprint(completed) !== fingerprint) return 'superseded';
    const lender = lenderSourcesOf(completed).find((l) => l.payee_key === payee);
    if (!lender) return 'superseded';
    const part = await drawLenderPart(run, lender, frozenLenderLines(run.base, payee), s3PartWriter(partKeys(month, fingerprint, payee)));
    await putDrawPart({ ...part, base_version: run.base?.version ?? 0 });
    outcome = 'drawn';
  }
  if (await allPartsDone(run)) await putJob(assemblyJobKey(month, fingerprint), { month, fingerprint });
  return outcome;
}

async function allPartsDone(run: DrawRun): Promise<boolean> {
  const done = new Set((await drawPartsDone(run.month, run.fingerprint)).filter((p) => partOfRun(run, p)).map((p) => p.payee_key));
  return run.lenders.every((l) => done.has(l.payee_key));
}
