import { describe, expect, it } from 'vitest';
import type { UploadResponse } from '#shared/api/submissions.js';
import { type FlowState, flowReducer, forgets, initialFlow, signatureOf } from '../../web/src/features/submissions/hooks/flow-state.js';
import type { ClientCheckResult } from '../../web/src/features/submissions/worker/client-checks.js';

/** The Submissions screen's reducer: what a change of controls forgets, and that a late answer of an older run changes nothing. */

const file = (name: string) => new File(['x'], name, { lastModified: 1 });

const clientResult: ClientCheckResult = { headers: ['NRC'], row_count: 1, preview: [{ NRC: '123456/78/9' }], errors: [], warnings: [] };

const validatedUpload = (id: string): UploadResponse => ({
  id,
  status: 'validated',
  stage: 'done',
  doc_kind: 'inputs',
  month: '2026-03',
  payee_key: 'A001',
  file_name: 'march.xlsx',
  created_at: '2026-03-02T08:00:00Z',
  headers: ['NRC'],
  row_count: 1,
  preview: [{ NRC: '123456/78/9' }],
  errors: [],
  warnings: [],
  fraud: [],
  totals: { errors: 0, warnings: 0, fraud: 0 },
  submission_id: null,
  signal_counts: null,
  signal_baseline: null,
  signals: [],
  register_difference: null,
});

/** A screen whose inputs file was validated on the server in run 1. */
function validated(): FlowState {
  let state = flowReducer(initialFlow(), { type: 'field', change: { file: file('march.xlsx'), payeeKey: 'A001' }, forgetAs: 1 });
  state = flowReducer(state, { type: 'begin', run: 1, messages: [] });
  state = flowReducer(state, { type: 'clientChecked', run: 1, result: clientResult });
  state = flowReducer(state, { type: 'serverValidated', run: 1, upload: validatedUpload('u-1'), signature: signatureOf(state.fields) });
  return flowReducer(state, { type: 'messages', run: 1, messages: [{ tone: 'green', text: 'Validation complete.' }] });
}

describe('flowReducer', () => {
  it('keeps the server validation and the upload it was for', () => {
    const state = validated();
    expect(state.validation?.source).toBe('server');
    expect(state.validated).toEqual({ id: 'u-1', signature: signatureOf(state.fields) });
  });

  it('forgets every result, and the file, when the file type changes', () => {
    const before = validated();
    const change = { kind: 'stoppages' as const };
    expect(forgets(before, change)).toBe(true);
    const after = flowReducer(before, { type: 'field', change, forgetAs: 2 });
    expect(after).toMatchObject({ run: 2, validation: null, clientResult: null, messages: [], saved: null, validated: null });
    expect(after.fields).toMatchObject({ kind: 'stoppages', file: null, payeeKey: 'A001' });
  });

  it('says an onboarding document needs no validation once one is chosen', () => {
    const onboarding = flowReducer(initialFlow(), { type: 'field', change: { kind: 'onboarding' }, forgetAs: 1 });
    const chosen = flowReducer(onboarding, { type: 'field', change: { file: file('tpin.pdf') }, forgetAs: 2 });
    expect(chosen.messages.map((m) => m.text)).toEqual(['Validation not required for onboarding attachments.', 'Ready to submit.']);
  });

  it('forgets on a new payee key only once there is something to forget, and never for onboarding', () => {
    expect(forgets(initialFlow(), { payeeKey: 'A0' })).toBe(false);
    expect(forgets(validated(), { payeeKey: 'A002' })).toBe(true);
    const onboarding = { ...validated(), fields: { ...validated().fields, kind: 'onboarding' as const } };
    expect(forgets(onboarding, { payeeKey: 'A002' })).toBe(false);
    expect(forgets(onboarding, { month: '2026-02' })).toBe(false);
  });

  it('drops what an older run answers late', () => {
    const moved = flowReducer(validated(), { type: 'field', change: { month: '2026-02' }, forgetAs: 2 });
    const late = flowReducer(moved, { type: 'serverValidated', run: 1, upload: validatedUpload('u-1'), signature: 'old' });
    expect(late).toBe(moved);
    expect(flowReducer(moved, { type: 'activity', run: 1, activity: { text: 'Uploading file…', progress: 40 } })).toBe(moved);
  });

  it('keeps the results shown when Submit starts from the file just validated', () => {
    const submitting = flowReducer(validated(), { type: 'begin', run: 2, messages: [{ tone: 'blue', text: 'Submitting…' }], keepResults: true });
    expect(submitting.validation?.source).toBe('server');
    expect(submitting.validated?.id).toBe('u-1');
    expect(submitting.messages).toEqual([{ tone: 'blue', text: 'Submitting…' }]);
  });

  it('never lets the browser’s lists replace the server’s result', () => {
    const state = flowReducer(validated(), {
      type: 'clientChecked',
      run: 1,
      result: { ...clientResult, errors: [{ row: 2, column: 'NRC', type: 'NRC', message: 'Bad NRC' }] },
    });
    expect(state.validation?.source).toBe('server');
    expect(state.validation?.totals.errors).toBe(0);
  });
});
