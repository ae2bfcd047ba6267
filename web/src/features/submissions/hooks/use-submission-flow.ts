import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import { callRoute, isApiError, type RouteRequest } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { routeQuery } from '@/lib/queries';
import { fileFields, type UploadProgress, useUpload } from '@/lib/use-upload';
import { type DocKind, type UploadResponse, stageText } from '@shared/api/submissions';
import { getRegister } from '@shared/routes/register';
import { createUpload } from '@shared/routes/submissions';
import { checkBeforeSubmit, checkBeforeValidate } from '@shared/rules/before-actions';
import { submitUpload, waitForIngestion, waitForValidation } from '../api/uploads';
import { downloadValidationReport } from '../utils/download';
import { type Activity, type FlowMessage, ingestionOutcome, validationOutcome } from '../utils/flow-messages';
import { type ClientCheckRun, runClientChecks } from '../worker/client-checks';
import { type FlowFields, flowReducer, forgets, initialFlow, signatureOf } from './flow-state';

const percentOf = (progress: UploadProgress) => (progress.stage === 'post' ? Math.round(progress.fraction * 100) : null);

/**
 * The Submissions screen's state and actions (spec part 1 §2, §4, §5): Validate sends the file to S3 and
 * waits for the server's result while the browser runs the same checks in a worker; Submit reuses that
 * upload when nothing changed since, or validates first. The state is one reducer (flow-state.ts); each
 * action is a run, and a change that forgets the results cancels the run in flight.
 */
export function useSubmissionFlow(initialKind: DocKind = 'inputs') {
  const [state, dispatch] = useReducer(flowReducer, initialKind, initialFlow);
  const client = useQueryClient();
  const upload = useUpload(
    (body: RouteRequest<typeof createUpload>, signal) => callRoute(createUpload, { body, signal }),
    (answer) => ({ file: answer.upload }),
  );
  const runs = useRef(0);
  const work = useRef<{ controller: AbortController; checks: ClientCheckRun | null } | null>(null);
  const { fields } = state;

  // Leaving the screen stops its uploads, polls and worker: nobody is left to read their answers.
  useEffect(() => {
    const running = work;
    return () => {
      running.current?.controller.abort();
      running.current?.checks?.cancel();
    };
  }, []);

  /** Stops whatever runs (uploads, polls, the worker) and starts a new run. */
  const restart = () => {
    work.current?.controller.abort();
    work.current?.checks?.cancel();
    work.current = { controller: new AbortController(), checks: null };
    return { run: ++runs.current, signal: work.current.controller.signal };
  };

  const change = (next: Partial<FlowFields>) => dispatch({ type: 'field', change: next, forgetAs: forgets(state, next) ? restart().run : undefined });

  /** Reading, upload with progress, the server's stages; the browser's checks meanwhile. Null when the server could not. */
  async function validateOnServer(run: number, signal: AbortSignal, chosen: File, at: FlowFields): Promise<UploadResponse | null> {
    const isCurrent = () => runs.current === run;
    const say = (activity: Activity) => dispatch({ type: 'activity', run, activity });
    say({ text: 'Reading file…', progress: null });
    const data = await chosen.arrayBuffer();
    if (!isCurrent()) return null;
    // A payroll register is checked by the server alone: the browser's checks are the deduction files' rules.
    const checks =
      at.kind === 'register' || at.kind === 'applied'
        ? null
        : runClientChecks({ data, kind: at.kind === 'stoppages' ? 'stoppages' : 'inputs', month: at.month, payeeKey: at.payeeKey });
    if (work.current) work.current.checks = checks;
    let clientDone = checks === null;
    const clientChecks = (checks?.result ?? Promise.reject(new Error('No browser checks for a register.'))).then(
      (result) => {
        clientDone = true;
        dispatch({ type: 'clientChecked', run, result });
        return result;
      },
      () => {
        clientDone = true;
        return null;
      },
    );
    try {
      const version = Number(at.scheduleVersion.trim());
      const part = at.kind === 'applied' ? at.partPayeeKeys.split(/[\s,;]+/).filter(Boolean) : [];
      const body = {
        doc_kind: at.kind,
        month: at.month,
        payee_key: at.payeeKey,
        ...(at.kind === 'applied' && version ? { schedule_version: version } : {}),
        ...(part.length ? { part_payee_keys: part } : {}),
      };
      const created = await upload.mutateAsync({
        request: { ...body, ...fileFields(chosen) },
        files: { file: chosen },
        signal,
        onProgress: (p) => p.stage === 'post' && say({ text: 'Uploading file…', progress: percentOf(p) }),
      });
      say({ text: 'Validating on server…', progress: null });
      const server = await waitForValidation(client, created.id, { signal, onAnswer: (u) => say({ text: stageText(u.stage), progress: null }) });
      if (!isCurrent()) return null;
      if (!clientDone) {
        say({ text: 'Running client checks…', progress: null });
        await clientChecks;
      }
      dispatch({ type: 'serverValidated', run, upload: server, signature: signatureOf(at) });
      return server;
    } catch (error) {
      // A refusal (4xx) is for the person to act on; anything else leaves the browser's checks as the result.
      if (!isCurrent() || (isApiError(error) && error.status >= 400 && error.status < 500)) throw error;
      const result = await clientChecks;
      if (!result) throw error;
      dispatch({ type: 'clientOnly', run, result, note: `Server validation unavailable: ${errorMessage(error)}` });
      return null;
    }
  }

  /** Runs an action as a new run: its messages first, a failure as its message, the activity cleared at the end. */
  async function act(first: FlowMessage[], keepResults: boolean, action: (run: number, signal: AbortSignal) => Promise<void>) {
    const { run, signal } = restart();
    dispatch({ type: 'begin', run, messages: first, keepResults });
    try {
      await action(run, signal);
    } catch (error) {
      if (runs.current === run) dispatch({ type: 'messages', run, messages: [{ tone: 'red', text: errorMessage(error) }] });
    } finally {
      if (runs.current === run) dispatch({ type: 'activity', run, activity: null });
    }
  }

  const refuse = (problem: string) => dispatch({ type: 'messages', run: runs.current, messages: [{ tone: 'red', text: problem }] });

  function validate() {
    const at = fields;
    const problem = checkBeforeValidate({ kind: at.kind, hasFile: at.file !== null, payeeKey: at.payeeKey });
    if (problem || !at.file) return refuse(problem ?? '');
    const chosen = at.file;
    return act([], false, async (run, signal) => {
      const server = await validateOnServer(run, signal, chosen, at);
      if (runs.current === run) dispatch({ type: 'messages', run, messages: [{ tone: 'green', text: 'Validation complete.' }, validationOutcome(server)] });
    });
  }

  async function submitOnboarding(run: number, signal: AbortSignal, chosen: File, at: FlowFields) {
    const text = 'Submitting onboarding document…';
    dispatch({ type: 'activity', run, activity: { text, progress: null } });
    const body = { doc_kind: 'onboarding' as const, month: at.month, payee_key: at.payeeKey };
    const created = await upload.mutateAsync({
      request: { ...body, ...fileFields(chosen) },
      files: { file: chosen },
      signal,
      onProgress: (p) => p.stage === 'post' && dispatch({ type: 'activity', run, activity: { text, progress: percentOf(p) } }),
    });
    const result = await submitUpload(created.id);
    dispatch({ type: 'saved', run, saved: result });
  }

  async function submitSpreadsheet(run: number, signal: AbortSignal, chosen: File, at: FlowFields, reusable: string | null) {
    const id = reusable ?? (await validateOnServer(run, signal, chosen, at))?.id;
    if (runs.current !== run) return;
    if (!id) return refuse('The file could not be validated on the server, so it cannot be submitted yet. Try again in a moment.');
    dispatch({ type: 'activity', run, activity: { text: 'Submitting…', progress: null } });
    dispatch({ type: 'messages', run, messages: [{ tone: 'blue', text: 'Submitting…' }] });
    const result = await submitUpload(id);
    dispatch({ type: 'saved', run, saved: result });
    if (at.kind === 'applied') {
      // Reconciled when it was validated: nothing goes to borrower history.
      dispatch({ type: 'messages', run, messages: [{ tone: 'green', text: result.message }] });
      return;
    }
    if (at.kind === 'register') {
      // Proposed, not current: the proposal shows on this screen for a second admin of the payroll authority.
      void client.invalidateQueries({ queryKey: routeQuery(getRegister).queryKey });
      return;
    }
    dispatch({ type: 'activity', run, activity: { text: 'Updating borrower history…', progress: null } });
    const submission = result.submission_id ? await waitForIngestion(client, result.submission_id, signal) : null;
    dispatch({ type: 'messages', run, messages: [{ tone: 'green', text: result.message }, ingestionOutcome(submission)] });
  }

  function submit() {
    const at = fields;
    const problem = checkBeforeSubmit({ kind: at.kind, hasFile: at.file !== null, payeeKey: at.payeeKey, month: at.month });
    if (problem || !at.file) return refuse(problem ?? '');
    const chosen = at.file;
    const reusable = state.validated?.signature === signatureOf(at) ? state.validated.id : null;
    // A register is submitted only once its difference from the current register has been shown.
    if (at.kind === 'register' && !reusable)
      return refuse('Validate the register first: what it changes on the current register is shown before it can be submitted.');
    const onboarding = at.kind === 'onboarding';
    // A submit of the file just validated keeps showing its results.
    return act([{ tone: 'blue', text: onboarding ? 'Submitting onboarding document…' : 'Submitting…' }], true, (run, signal) =>
      onboarding ? submitOnboarding(run, signal, chosen, at) : submitSpreadsheet(run, signal, chosen, at, reusable),
    );
  }

  /** The server's full report when it has one; otherwise the browser's own lists. */
  const downloadReport = () =>
    downloadValidationReport({
      uploadId: state.validation?.source === 'server' ? (state.validated?.id ?? null) : null,
      fileName: fields.file?.name ?? 'validation.xlsx',
      validation: state.validation,
      clientResult: state.clientResult,
    });

  return {
    form: {
      ...fields,
      setKind: (kind: DocKind) => kind !== fields.kind && change({ kind }),
      setFile: (file: File | null) => change({ file }),
      setMonth: (month: string) => change({ month }),
      setPayeeKey: (payeeKey: string) => change({ payeeKey }),
      setScheduleVersion: (scheduleVersion: string) => change({ scheduleVersion }),
      setPartPayeeKeys: (partPayeeKeys: string) => change({ partPayeeKeys }),
    },
    activity: state.activity,
    validation: state.validation,
    messages: state.messages,
    saved: state.saved,
    validate,
    submit,
    downloadReport,
  };
}
