import { expect } from 'vitest';
import type { RegisterEntry } from '#data/register/versions.js';
import { decideRegisterProposal, getRegister } from '#shared/routes/register.js';
import { currentMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, okBody } from './api.js';
import type { TestTwinInfo } from './cognito.js';
import { registerWorkbook } from './register.js';

/**
 * A payroll register through the real pipeline as the payroll authority's two admins run it: one uploads
 * and proposes it, a second approves it, and it becomes current.
 */
export function registerFlow(twin: TestTwinInfo) {
  const api = submissionsApi(twin);
  const flow = {
    /** Uploads a register and waits for its validation (and its difference). */
    async validate(token: string, entries: readonly RegisterEntry[], month = currentMonth()) {
      const file = registerWorkbook(entries);
      return api.upload(token, { doc_kind: 'register', month, file_name: 'PMEC register.xlsx', size: file.length, content_type: XLSX_MIME }, file);
    },
    propose: (token: string, uploadId: string) => api.submit(token, uploadId),
    decide: (token: string, uploadId: string, decision: 'approve' | 'reject', note?: string) =>
      call(twin, decideRegisterProposal, { params: { upload_id: uploadId }, body: { decision, ...(note ? { note } : {}) }, caller: token }),
    current: async (token: string) => okBody(await call(twin, getRegister, { caller: token })),
    /** Polls until this upload is the current register. */
    async waitUntilCurrent(token: string, uploadId: string) {
      for (;;) {
        const current = await flow.current(token);
        if (current.upload_id === uploadId) return current;
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    },
    /** Validate, propose (first admin), approve (second admin), current. A proposal another file left open is rejected first. */
    async approved(proposer: string, approver: string, entries: readonly RegisterEntry[], month = currentMonth()) {
      const left = (await flow.current(approver)).proposed;
      if (left && !left.expired) expectStatus(await flow.decide(approver, left.upload_id, 'reject'), 200);
      const upload = await flow.validate(proposer, entries, month);
      expect(upload).toMatchObject({ status: 'validated', totals: { errors: 0 } });
      expectStatus(await flow.propose(proposer, upload.id), 200);
      expectStatus(await flow.decide(approver, upload.id, 'approve'), 200);
      return { upload, current: await flow.waitUntilCurrent(proposer, upload.id) };
    },
  };
  return flow;
}
