import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createFraudAttachmentUpload } from '#shared/routes/fraud.js';
import { createUpload } from '#shared/routes/submissions.js';
import { currentMonth } from '#shared/rules/dates.js';
import { submissionsApi } from '../fixtures/submissions/api.js';
import { seededLender, type SeededOrg } from '../fixtures/submissions/directory.js';
import { inputsRows, nrcOf, TINY_PDF, workbook, XLSX_MIME } from '../fixtures/submissions/workbooks.js';
import { call, expectStatus, okBody } from '../support/api.js';

/**
 * A presigned POST takes no file larger than the size declared when it was asked for: the twin's S3
 * front enforces the policy's content-length-range as S3 does.
 */
const twin = inject('twin');
const api = submissionsApi(twin);
const month = currentMonth();
let org: SeededOrg;
let token: string;

beforeAll(async () => {
  ({ org, token } = await seededLender(twin));
});

/** A workbook of about 21 KB. */
const bigFile = () =>
  workbook(
    inputsRows(
      month,
      org.payeeKey,
      Array.from({ length: 400 }, (_, i) => nrcOf(i, 620_000)),
    ),
  );

describe('the declared size of an upload', () => {
  it('refuses a 21 KB workbook posted under a declared 1,000 bytes, and takes it under its own size', async () => {
    const file = bigFile();
    expect(file.length).toBeGreaterThan(20_000);
    const request = { doc_kind: 'inputs' as const, month, payee_key: org.payeeKey, file_name: 'declared.xlsx', content_type: XLSX_MIME };

    const small = okBody(await call(twin, createUpload, { body: { ...request, size: 1_000 }, caller: token }));
    const refused = await api.postFile(small.upload, file, 'declared.xlsx');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('EntityTooLarge');

    const exact = okBody(await call(twin, createUpload, { body: { ...request, size: file.length }, caller: token }));
    expect((await api.postFile(exact.upload, file, 'declared.xlsx')).status).toBe(204);
    expect((await api.waitForValidation(token, exact.id)).status).toBe('validated');
  });

  it('refuses a fraud report attachment larger than its declared size', async () => {
    const res = await call(twin, createFraudAttachmentUpload, {
      body: { file_name: 'evidence.pdf', size: 10, content_type: 'application/pdf' },
      caller: token,
    });
    expectStatus(res, 200);
    const { upload } = res.body;
    const refused = await api.postFile(upload, TINY_PDF, 'evidence.pdf');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('EntityTooLarge');

    const fits = okBody(
      await call(twin, createFraudAttachmentUpload, {
        body: { file_name: 'evidence.pdf', size: TINY_PDF.length, content_type: 'application/pdf' },
        caller: token,
      }),
    );
    expect((await api.postFile(fits.upload, TINY_PDF, 'evidence.pdf')).status).toBe(204);
  });
});
