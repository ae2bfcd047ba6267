import { describe, expect, it } from 'vitest';
import { digestBucket, DIGEST_BUCKETS } from '#data/registry/digest.js';
import {
  FRAUD_MESSAGES,
  MAX_NRCS_PER_REQUEST,
  createFraudReportRequestSchema,
  evidenceExtension,
  evidenceUploadRequestSchema,
  fraudSearchRequestSchema,
  latestFraudReportsQuerySchema,
} from '#shared/api/fraud.js';

describe('fraudSearchRequestSchema', () => {
  it('normalises NRCs to the slashed form and removes duplicates', () => {
    const parsed = fraudSearchRequestSchema.parse({ nrcs: ['123456789', '123456/78/9', ' 2345678/21/0 '] });
    expect(parsed.nrcs).toEqual(['123456/78/9', '2345678/21/0']);
  });

  it('names the first malformed NRC', () => {
    const result = fraudSearchRequestSchema.safeParse({ nrcs: ['123456/78/9', '12/34', 'abc'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['nrcs', 1], message: expect.stringContaining("'12/34' is not a valid NRC") });
  });

  it('takes 100,000 NRCs and refuses more, or none', () => {
    const many = Array.from({ length: MAX_NRCS_PER_REQUEST }, (_, i) => `${String(10000000 + i)}/00/0`);
    expect(fraudSearchRequestSchema.safeParse({ nrcs: many }).success).toBe(true);
    expect(fraudSearchRequestSchema.safeParse({ nrcs: [...many, '123456/78/9'] }).error?.issues[0]?.message).toBe(FRAUD_MESSAGES.tooManyNrcs);
    expect(fraudSearchRequestSchema.safeParse({ nrcs: [] }).error?.issues[0]?.message).toBe(FRAUD_MESSAGES.noNrcs);
  });
});

describe('evidence files', () => {
  it('allows the spec’s attachment types only, by extension', () => {
    for (const name of ['a.pdf', 'b.JPG', 'c.jpeg', 'd.png', 'e.doc', 'f.docx', 'g.xls', 'h.XLSX', 'i.csv']) expect(evidenceExtension(name)).not.toBeNull();
    for (const name of ['a.exe', 'b.pdf.exe', 'c.html', 'noext', 'd.svg', 'e.pdf.']) expect(evidenceExtension(name)).toBeNull();
  });

  it('refuses an empty or oversized declared size', () => {
    expect(evidenceUploadRequestSchema.safeParse({ file_name: 'a.pdf', size: 0 }).success).toBe(false);
    expect(evidenceUploadRequestSchema.safeParse({ file_name: 'a.pdf', size: 10 * 1024 * 1024 + 1 }).error?.issues[0]?.message).toBe(
      FRAUD_MESSAGES.fileTooLarge,
    );
  });

  it('refuses a report listing the same attachment twice or more than 10', () => {
    const base = { fi_name: 'Z', type: 'Other', nrc: '123456/78/9', person_name: 'P', payee_key: 'A001', report_month: '2026-03' };
    expect(createFraudReportRequestSchema.safeParse({ ...base, attachments: ['k', 'k'] }).success).toBe(false);
    expect(createFraudReportRequestSchema.safeParse({ ...base, attachments: Array.from({ length: 11 }, (_, i) => `k${i}`) }).success).toBe(false);
    expect(createFraudReportRequestSchema.parse(base).attachments).toEqual([]);
  });
});

describe('latestFraudReportsQuerySchema', () => {
  const limit = (raw: string | undefined) => latestFraudReportsQuerySchema.parse({ limit: raw }).limit;
  it('defaults to 50, keeps at least 10 and at most 200, and refuses non-numbers with invalid_limit', () => {
    expect([limit(undefined), limit('3'), limit('25'), limit('5000')]).toEqual([50, 10, 25, 200]);
    const refused = latestFraudReportsQuerySchema.safeParse({ limit: 'ten' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ message: expect.stringMatching(/whole number/), params: { code: 'invalid_limit' } });
  });
});

describe('digestBucket', () => {
  it('spreads NRCs evenly over the buckets', () => {
    const counts = new Array<number>(DIGEST_BUCKETS).fill(0);
    for (let i = 0; i < 102_400; i++) counts[digestBucket(String(100000000 + i * 13))]!++;
    expect(Math.min(...counts)).toBeGreaterThan(50);
    expect(Math.max(...counts)).toBeLessThan(170);
  });
});
