import { describe, expect, it } from 'vitest';
import type { FraudReportItem } from '#shared/api/fraud.js';
import { buildReportPdf, reportPdfName } from '../../web/src/features/fraud/utils/report-pdf.js';

const item: FraudReportItem = {
  id: '6f1c2a9e-3b1d-4c55-9d7e-1a2b3c4d5e6f',
  created_at: '2026-03-14T10:15:00.000Z',
  fi_name: 'Zanaco Bank',
  type: 'Loan stacking',
  nrc: '123456/78/9',
  person_name: 'Mwila Banda',
  description: 'Took four payroll loans in ten days. '.repeat(200),
  report_month: '2026-03',
  payee_key: 'A001',
  files: Array.from({ length: 12 }, (_, i) => ({ path: `p/${i}`, name: `evidence-${i + 1}.pdf`, url: 'https://example.com' })),
  status: 'withdrawn',
  status_reason: 'Filed against the wrong NRC',
  status_at: '2026-03-20T09:00:00.000Z',
  disputed: { at: '2026-03-18T09:00:00.000Z' },
  can_withdraw: false,
};

describe('buildReportPdf', () => {
  it('fits any report on one page, cutting a long description and attachment list visibly', async () => {
    const doc = await buildReportPdf(item, new Date('2026-03-15T08:00:00Z'));
    expect(doc.getNumberOfPages()).toBe(1);
    const text = doc.output();
    expect(text.startsWith('%PDF-')).toBe(true);
    for (const expected of ['Fraud / scam report', '123456/78/9', 'Mwila Banda', 'Zanaco Bank', 'continued', 'and 4 more', 'Disputed'])
      expect(text).toContain(expected);
  });

  it('says the report’s status, and when and why it left the registry', async () => {
    const text = (await buildReportPdf(item)).output();
    expect(text).toContain('Withdrawn 20 Mar 2026: Filed against the wrong NRC');
    expect((await buildReportPdf({ ...item, status: 'active', status_reason: null, status_at: null })).output()).toContain('Active');
  });

  it('names the file after the NRC and the day', () => {
    expect(reportPdfName(item)).toBe('fraud-report-123456-78-9-2026-03-14.pdf');
  });
});
