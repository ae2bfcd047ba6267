import { useRef, useState } from 'react';
import type { DocKind, SubmitUploadResponse, UploadResponse } from '@shared/api/submissions';
import { checkBeforeSubmit, checkBeforeValidate } from '@shared/rules/before-actions';
import { currentMonth } from '@shared/rules/dates';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { createUpload, postFileToStorage, submitUpload, waitForIngestion, waitForValidation } from '../api/uploads';
import { downloadValidationReport } from '../utils/download';
import { type Activity, type FlowMessage, ingestionOutcome, ONBOARDING_READY, validationOutcome } from '../utils/flow-messages';
import { fromClient, fromServer, stageText, type ValidationView } from '../utils/validation-view';
import { type ClientCheckResult, type ClientCheckRun, runClientChecks } from '../worker/client-checks';


/**
 * The Submissions screen's state and actions (spec part 1 §2, §4, §5): Validate sends the file to S3 and
 * waits for the server's result while the browser runs the same checks in a worker; Submit reuses that
 * upload when nothing changed since, or validates first.
 */
export function useSubmissionFlow() {
  const [kind, setKindState] = useState<DocKind>('inputs');
  const [file, setFileState] = useState<File | null>(null);
  const [month, setMonthState] = useState(currentMonth());
  const [payeeKey, setPayeeKeyState] = useState('');
  const [activity, setActivity] = useState<Activity | null>(null);
  const [validation, setValidation] = useState<ValidationView | null>(null);
  const [clientResult, setClientResult] = useState<ClientCheckResult | null>(null);
  const [messages, setMessages] = useState<FlowMessage[]>([]);
  const [saved, setSaved] = useState<SubmitUploadResponse | null>(null);
  const upload = useRef<{ id: string; signature: string } | null>(null);
  const run = useRef(0);
  const worker = useRef<ClientCheckRun | null>(null);

  const signature = `${kind}|${month}|${payeeKey.trim().toUpperCase()}|${file?.name}|${file?.size}|${file?.lastModified}`;

  /** Forgets every result and stops whatever is running (its late answers are ignored). */
  const clear = () => {
    run.current++;
    worker.current?.cancel();
    upload.current = null;
    setActivity(null);
    setValidation(null);
    setClientResult(null);
    setMessages([]);
    setSaved(null);
  };

  const setKind = (next: DocKind) => {
    if (next === kind) return;
    // Spec §2/§4: changing the file type clears the file and all validation state.
    clear();
    setFileState(null);
    setKindState(next);
  };
  const setFile = (next: File | null) => {
    clear();
    setFileState(next);
    if (next && kind === 'onboarding') setMessages(ONBOARDING_READY);
  };
  const setMonth = (next: string) => {
    if (kind !== 'onboarding') clear();
    setMonthState(next);
  };
  const setPayeeKey = (next: string) => {
    if (kind !== 'onboarding' && (validation || saved)) clear();
    setPayeeKeyState(next);
  };

  /** Reading, upload with progress, the server's stages; the browser's checks meanwhile. Null when superseded. */
  async function validateOnServer(current: number, chosen: File): Promise<UploadResponse | null> {
    const isCurrent = () => run.current === current;
    const submissionKind = kind === 'stoppages' ? 'stoppages' : 'inputs';
    setActivity({ text: 'Reading file…', progress: null });
    const data = await chosen.arrayBuffer();
    if (!isCurrent()) return null;
    const checks = runClientChecks({ data, kind: submissionKind, month, payeeKey });
    worker.current = checks;
    let clientDone = false;
    const client = checks.result.then(
      (result) => {
        clientDone = true;
        if (isCurrent()) {
          setClientResult(result);
          setValidation((shown) => (shown?.source === 'server' ? shown : fromClient(result)));
        }
        return result;
      },
      () => {
        clientDone = true;
        return null;
      },
    );
    try {
      const created = await createUpload({ doc_kind: kind, month, payee_key: payeeKey, file_name: chosen.name, size: chosen.size, content_type: chosen.type });
      if (!isCurrent()) return null;
      setActivity({ text: 'Uploading file…', progress: 0 });
      await postFileToStorage(created.upload, chosen, (progress) => isCurrent() && setActivity({ text: 'Uploading file…', progress }));
      setActivity({ text: 'Validating on server…', progress: null });
      const server = await waitForValidation(created.id, (u) => setActivity({ text: stageText(u.stage), progress: null }), isCurrent);
      if (!isCurrent()) return null;
      if (!clientDone) {
        setActivity({ text: 'Running client checks…', progress: null });
        await client;
      }
      upload.current = { id: created.id, signature };
      setValidation(fromServer(server));
      return server;
    } catch (error) {
      // A refusal (4xx) is for the person to act on; anything else leaves the browser's checks as the result.
      if (!isCurrent() || (isApiError(error) && error.status >= 400 && error.status < 500)) throw error;
      const result = await client;
      if (!result) throw error;
      setValidation(fromClient(result, [`Server validation unavailable: ${errorMessage(error)}`]));
      return null;
    }
  }

  const begin = (first: FlowMessage[] = []) => {
    clear();
    setMessages(first);
    return run.current;
  };

  async function validate() {
    const problem = checkBeforeValidate({ kind, hasFile: file !== null, payeeKey });
    if (problem || !file) return setMessages([{ tone: 'red', text: problem ?? '' }]);
    const current = begin();
    try {
      const server = await validateOnServer(current, file);
      if (run.current !== current) return;
      setMessages([{ tone: 'green', text: 'Validation complete.' }, validationOutcome(server)]);
    } catch (error) {
      if (run.current === current) setMessages([{ tone: 'red', text: errorMessage(error) }]);
    } finally {
      if (run.current === current) setActivity(null);
    }
  }

  async function submitOnboarding(chosen: File, current: number) {
    setActivity({ text: 'Submitting onboarding document…', progress: null });
    const created = await createUpload({ doc_kind: 'onboarding', month, payee_key: payeeKey, file_name: chosen.name, size: chosen.size, content_type: chosen.type });
    await postFileToStorage(created.upload, chosen, (progress) => run.current === current && setActivity({ text: 'Submitting onboarding document…', progress }));
    const result = await submitUpload(created.id);
    if (run.current !== current) return;
    setSaved(result);
    setMessages([{ tone: 'green', text: result.message }]);
  }

  async function submitSpreadsheet(chosen: File, current: number) {
    const reusable = upload.current?.signature === signature ? upload.current.id : null;
    const id = reusable ?? (await validateOnServer(current, chosen))?.id;
    if (run.current !== current) return;
    if (!id) return setMessages([{ tone: 'red', text: 'The file could not be validated on the server, so it cannot be submitted yet. Try again in a moment.' }]);
    setActivity({ text: 'Submitting…', progress: null });
    setMessages([{ tone: 'blue', text: 'Submitting…' }]);
    const result = await submitUpload(id);
    if (run.current !== current) return;
    setSaved(result);
    setMessages([{ tone: 'green', text: result.message }]);
    setActivity({ text: 'Updating borrower history…', progress: null });
    const submission = result.submission_id ? await waitForIngestion(result.submission_id, () => run.current === current) : null;
    if (run.current !== current) return;
    setMessages([{ tone: 'green', text: result.message }, ingestionOutcome(submission)]);
  }

  async function submit() {
    const problem = checkBeforeSubmit({ kind, hasFile: file !== null, payeeKey, month });
    if (problem || !file) return setMessages([{ tone: 'red', text: problem ?? '' }]);
    const previous = { validation, clientResult, upload: upload.current };
    const current = begin([{ tone: 'blue', text: kind === 'onboarding' ? 'Submitting onboarding document…' : 'Submitting…' }]);
    // begin() forgot the results; a submit of the file just validated keeps showing them.
    upload.current = previous.upload;
    setValidation(previous.validation);
    setClientResult(previous.clientResult);
    try {
      if (kind === 'onboarding') await submitOnboarding(file, current);
      else await submitSpreadsheet(file, current);
    } catch (error) {
      if (run.current === current) setMessages([{ tone: 'red', text: errorMessage(error) }]);
    } finally {
      if (run.current === current) setActivity(null);
    }
  }

  /** The server's full report when it has one; otherwise the browser's own lists. */
  const downloadReport = () =>
    downloadValidationReport({ uploadId: validation?.source === 'server' ? (upload.current?.id ?? null) : null, fileName: file?.name ?? 'validation.xlsx', validation, clientResult });

  return {
    form: { kind, file, month, payeeKey, setKind, setFile, setMonth, setPayeeKey },
    activity,
    validation,
    messages,
    saved,
    validate,
    submit,
    downloadReport,
  };
}
