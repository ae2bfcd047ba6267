import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slugFileName } from '../../lambdas/api/common/file-names.js';
import { finalEvidenceKey, parseStagingKey, stagingKey } from '../../lambdas/api/fraud/names.js';

describe('slugFileName', () => {
  it.each([
    ['payslip (forged).pdf', 'payslip-forged.pdf'],
    ['Photo.PNG', 'Photo.png'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\system32\\evil.docx', 'evil.docx'],
    ['<script>alert(1)</script>.pdf', 'script.pdf'],
    ['.htaccess', 'htaccess'],
    ['Résumé Mwila.pdf', 'Resume-Mwila.pdf'],
    ['"; rm -rf ~.csv', 'rm-rf.csv'],
    ['...', 'file'],
    ['report..final...pdf', 'report.final.pdf'],
  ])('%j becomes %j', (name, slug) => {
    expect(slugFileName(name)).toBe(slug);
  });

  it('keeps the extension when it shortens a long name to 80 characters', () => {
    const slug = slugFileName(`${'a'.repeat(200)}.xlsx`);
    expect(slug).toHaveLength(80);
    expect(slug.endsWith('.xlsx')).toBe(true);
  });

  it('always gives 1–80 safe characters with no folder, no leading dot and no "..", whatever the name', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'binary' }), (name) => {
        const slug = slugFileName(name);
        expect(slug).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/);
        expect(slug).not.toContain('..');
      }),
    );
  });
});

describe('staging and final keys', () => {
  it('reads back the owner of a staging key and refuses anything else', () => {
    const key = stagingKey('user-sub-1', '0b6f6f0e-0c39-4f0e-9b1a-2a7f1c1d2e3f', 'My file.pdf');
    expect(key).toBe('staging/user-sub-1/0b6f6f0e-0c39-4f0e-9b1a-2a7f1c1d2e3f/My-file.pdf');
    expect(parseStagingKey(key)).toEqual({ userId: 'user-sub-1', uploadId: '0b6f6f0e-0c39-4f0e-9b1a-2a7f1c1d2e3f', file: 'My-file.pdf' });
    for (const bad of [
      '2026-03/A001/fraud/x.pdf',
      'staging/u/not-a-uuid/x.pdf',
      'staging/u/0b6f6f0e-0c39-4f0e-9b1a-2a7f1c1d2e3f/../x.pdf',
      `staging/u/0b6f6f0e-0c39-4f0e-9b1a-2a7f1c1d2e3f/a/b.pdf`,
    ]) {
      expect(parseStagingKey(bad)).toBeNull();
    }
  });

  it('lays out the final path as {month}/{payee}/fraud/{fi}-{timestamp}-{n}-{file}', () => {
    expect(finalEvidenceKey({ month: '2026-03', payeeKey: 'A001', fiName: 'Zanaco Bank / Lusaka', timestamp: 1767225600000, n: 2, file: 'photo.png' })).toBe(
      '2026-03/A001/fraud/Zanaco-Bank-Lusaka-1767225600000-2-photo.png',
    );
  });
});
