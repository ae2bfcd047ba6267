import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createUpload, getSubmission } from '#shared/routes/submissions.js';
import { currentMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { documentClient, seededLender, type SeededOrg } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, okBody } from '../support/api.js';

/**
 * A file name typed with a right-to-left override and control characters is stored and shown clean:
 * `march\u202Excod.xlsx` would read as `marchxslx.docx` on a screen or in an email.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
let org: SeededOrg;
let token: string;

beforeAll(async () => {
  ({ org, token } = await seededLender(twin));
});

describe('file names shown to people', () => {
  it('an upload named with bidi and control characters is stored, listed and submitted without them', async () => {
    const data = workbook(inputsRows(currentMonth(), org.payeeKey, [nrcOf(1), nrcOf(2)]));
    const name = 'march\u202Excod\u0007\u2066.xlsx';
    const created = await call(twin, createUpload, {
      body: { doc_kind: 'inputs', month: currentMonth(), payee_key: org.payeeKey, file_name: name, size: data.length, content_type: XLSX_MIME },
      caller: token,
    });
    expectStatus(created, 200);
    const { id, upload: post } = created.body;
    // The multipart part's own name is the browser's business; the name typed is what the API stores.
    expect((await api.postFile(post, data, 'inputs.xlsx')).status).toBe(204);
    const upload = await api.waitForValidation(token, id);
    expect(upload.file_name).toBe('marchxcod.xlsx');

    const stored = await documentClient(twin).send(new GetCommand({ TableName: twin.env.TABLE_SUBMISSIONS, Key: { pk: `UPLOAD#${upload.id}`, sk: 'META' } }));
    expect(stored.Item?.file_name).toBe('marchxcod.xlsx');

    const submitted = await api.submit(token, upload.id);
    expectStatus(submitted, 200);
    const submission = okBody(await call(twin, getSubmission, { params: { id: String(submitted.body.submission_id) }, caller: token }));
    expect(submission.file_name).toBe('marchxcod.xlsx');
  });
});
