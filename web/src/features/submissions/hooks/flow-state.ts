import type { DocKind, SubmitUploadResponse, UploadResponse } from '@shared/api/submissions';
import { currentMonth } from '@shared/rules/dates';
import { type Activity, type FlowMessage, ONBOARDING_READY } from '../utils/flow-messages';
import { fromClient, fromServer, type ValidationView } from '../utils/validation-view';
import type { ClientCheckResult } from '../worker/client-checks';

/** The Submissions screen's controls. */
export interface FlowFields {
  kind: DocKind;
  file: File | null;
  month: string;
  payeeKey: string;
  /** An applied deductions file: the version of the month's frozen payroll schedule it answers, as typed. */
  scheduleVersion: string;
  /** An applied deductions file sent in parts: the payee keys this part covers, as typed (empty: the whole month). */
  partPayeeKeys: string;
}

export interface FlowState {
  fields: FlowFields;
  /** Raised by every change that forgets the results: what an older run answers late is dropped. */
  run: number;
  activity: Activity | null;
  validation: ValidationView | null;
  clientResult: ClientCheckResult | null;
  messages: FlowMessage[];
  saved: SubmitUploadResponse | null;
  /** The upload the server validated and the fields it was validated with: Submit reuses it while they match. */
  validated: { id: string; signature: string } | null;
}

export type FlowAction =
  /** A control changed; `forgetAs` is the run that starts when the change forgets the results (see `forgets`). */
  | { type: 'field'; change: Partial<FlowFields>; forgetAs?: number }
  /** An action starts: the results are forgotten (or kept, for Submit of the file just validated). */
  | { type: 'begin'; run: number; messages: FlowMessage[]; keepResults?: boolean }
  | { type: 'activity'; run: number; activity: Activity | null }
  | { type: 'messages'; run: number; messages: FlowMessage[] }
  | { type: 'clientChecked'; run: number; result: ClientCheckResult }
  | { type: 'serverValidated'; run: number; upload: UploadResponse; signature: string }
  /** The server could not validate: the browser's lists stand, with why. */
  | { type: 'clientOnly'; run: number; result: ClientCheckResult; note: string }
  | { type: 'saved'; run: number; saved: SubmitUploadResponse };

/** The flow as /upload opens: on the register's kind for the payroll authority's PMEC admins, else inputs. */
export const initialFlow = (kind: DocKind = 'inputs'): FlowState => ({
  fields: { kind, file: null, month: currentMonth(), payeeKey: '', scheduleVersion: '', partPayeeKeys: '' },
  run: 0,
  activity: null,
  validation: null,
  clientResult: null,
  messages: [],
  saved: null,
  validated: null,
});

/** What a validation was for: Submit validates again when any of it changed. */
export const signatureOf = ({ kind, month, payeeKey, scheduleVersion, partPayeeKeys, file }: FlowFields) =>
  `${kind}|${month}|${payeeKey.trim().toUpperCase()}|${scheduleVersion.trim()}|${partPayeeKeys.trim().toUpperCase()}|${file?.name}|${file?.size}|${file?.lastModified}`;

const forget = (state: FlowState, run: number): FlowState => ({
  ...state,
  run,
  activity: null,
  validation: null,
  clientResult: null,
  messages: [],
  saved: null,
  validated: null,
});

/** Whether a change of controls forgets the results (spec §2/§4: a new type or file clears them). */
export function forgets(state: FlowState, change: Partial<FlowFields>): boolean {
  const { fields } = state;
  if (change.kind !== undefined && change.kind !== fields.kind) return true;
  if ('file' in change) return true;
  if (fields.kind === 'onboarding') return false;
  if (change.month !== undefined) return true;
  return (
    (change.payeeKey !== undefined || change.scheduleVersion !== undefined || change.partPayeeKeys !== undefined) &&
    (state.validation !== null || state.saved !== null)
  );
}

function changeFields(state: FlowState, change: Partial<FlowFields>, forgetAs?: number): FlowState {
  const next = forgetAs === undefined ? state : forget(state, forgetAs);
  // Changing the file type clears the file too.
  const kindChanged = change.kind !== undefined && change.kind !== state.fields.kind;
  const fields = { ...state.fields, ...change, ...(kindChanged ? { file: null } : {}) };
  const ready = 'file' in change && change.file && fields.kind === 'onboarding';
  return { ...next, fields, messages: ready ? ONBOARDING_READY : next.messages };
}

/** The screen's state after an action; actions of an older run change nothing. */
export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'field':
      return changeFields(state, action.change, action.forgetAs);
    case 'begin': {
      const next = action.keepResults ? { ...state, run: action.run, activity: null, saved: null } : forget(state, action.run);
      return { ...next, messages: action.messages };
    }
  }
  if (action.run !== state.run) return state;
  switch (action.type) {
    case 'activity':
      return { ...state, activity: action.activity };
    case 'messages':
      return { ...state, messages: action.messages };
    case 'clientChecked':
      // The server's result, once shown, is the authority: the browser's never replaces it.
      return { ...state, clientResult: action.result, validation: state.validation?.source === 'server' ? state.validation : fromClient(action.result) };
    case 'serverValidated':
      return { ...state, validation: fromServer(action.upload), validated: { id: action.upload.id, signature: action.signature } };
    case 'clientOnly':
      return { ...state, validation: fromClient(action.result, [action.note]) };
    case 'saved':
      return { ...state, saved: action.saved, messages: [{ tone: 'green', text: action.saved.message }] };
  }
}
