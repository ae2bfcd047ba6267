import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayFileName, organisationLabel } from '#shared/rules/display-name.js';

describe('displayFileName shows a file name as it is, without characters that disguise it', () => {
  it.each([
    ['a plain name is kept', 'payroll March.xlsx', 'payroll March.xlsx'],
    ['letters of any script are kept', 'Résumé Mwila — ملف.pdf', 'Résumé Mwila — ملف.pdf'],
    ['right-to-left override (U+202E)', 'invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['embeddings and pop (U+202A–U+202D, U+202C)', '\u202Aa\u202Bb\u202Cc\u202Dd.pdf', 'abcd.pdf'],
    ['isolates (U+2066–U+2069)', '\u2066x\u2067y\u2068z\u2069.pdf', 'xyz.pdf'],
    ['marks (U+200E, U+200F, U+061C)', 'a\u200Eb\u200Fc\u061C.pdf', 'abc.pdf'],
    ['C0 controls, tab and newline included', 'line\u0000one\tand\ntwo\r.csv', 'lineoneandtwo.csv'],
    ['DEL and C1 controls (U+0080–U+009F)', 'a\u007Fb\u0085c\u009F.pdf', 'abc.pdf'],
    ['spaces around are trimmed', '  report.pdf \u202E', 'report.pdf'],
    ['nothing left: a placeholder', '\u202E\u0000\u200F', 'file'],
  ])('%s', (_case, name, shown) => {
    expect(displayFileName(name)).toBe(shown);
  });

  it('never returns a bidi control or a control character, whatever the name', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'binary' }), (name) => {
        // eslint-disable-next-line no-control-regex -- control characters are exactly what must be gone
        expect(displayFileName(name)).not.toMatch(/[\u0000-\u001F\u007F-\u009F\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/);
      }),
    );
  });
});

describe('organisationLabel', () => {
  it.each([
    ['Bank of Kasama', 'BKA01', 'Bank of Kasama · BKA01'],
    ['BKA01', 'BKA01', 'BKA01'],
    ['bka01', 'BKA01', 'BKA01'],
    [null, 'BKA01', 'BKA01'],
    ['Ministry of Finance', null, 'Ministry of Finance'],
    [null, null, '—'],
  ])('%s and %s read %s', (name, key, label) => {
    expect(organisationLabel(name, key)).toBe(label);
  });
});
