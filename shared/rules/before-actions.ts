import { isMonth } from './dates.js';
import type { SubmissionKind } from './submission-rules.js';

/** The payroll register and the applied deductions file are PMEC's own files: no payee key. */
export type FileKind = SubmissionKind | 'onboarding' | 'register' | 'applied';

export const BEFORE_ACTION_MESSAGES = {
  excelFileRequired: 'Please choose an Excel file first.',
  payeeKeyRequired: 'Payee Key / Code is required for this file type.',
  fileRequired: 'Please choose a file to submit.',
  onboardingFileRequired: 'Please choose a document/image to upload.',
  monthFormat: 'Month must be in YYYY-MM format.',
} as const;

export interface BeforeActionState {
  kind: FileKind;
  hasFile: boolean;
  payeeKey: string;
  month: string;
}

const needsPayeeKey = (state: Pick<BeforeActionState, 'kind' | 'payeeKey'>): boolean =>
  state.kind !== 'onboarding' && state.kind !== 'register' && state.kind !== 'applied' && state.payeeKey.trim() === '';

/** Why Validate cannot run yet (spec §5 "Before actions"), or null when it can. */
export function checkBeforeValidate(state: Pick<BeforeActionState, 'kind' | 'hasFile' | 'payeeKey'>): string | null {
  if (!state.hasFile) return BEFORE_ACTION_MESSAGES.excelFileRequired;
  if (needsPayeeKey(state)) return BEFORE_ACTION_MESSAGES.payeeKeyRequired;
  return null;
}

/**
 * Why Submit cannot run yet, or null when it can. Beyond the spec's file and month checks, inputs and
 * stoppages also need the payee key (the form marks it required and ingestion refuses a submission without it).
 */
export function checkBeforeSubmit(state: BeforeActionState): string | null {
  if (!state.hasFile) return state.kind === 'onboarding' ? BEFORE_ACTION_MESSAGES.onboardingFileRequired : BEFORE_ACTION_MESSAGES.fileRequired;
  if (!isMonth(state.month)) return BEFORE_ACTION_MESSAGES.monthFormat;
  if (needsPayeeKey(state)) return BEFORE_ACTION_MESSAGES.payeeKeyRequired;
  return null;
}
