import { describe, expect, it } from 'vitest';
import { type AuditSubjectKind, auditSubject, parseAuditSubject } from '#data/audit/subjects.js';

/**
 * Every kind of audit subject: how it is spelled (the trails already stored are keyed so, and every reader
 * finds them only under this spelling) and how a spelling reads back.
 */
const KINDS: [kind: AuditSubjectKind, built: string, spelled: string, id: string | null][] = [
  ['nrc', auditSubject.nrc('123456/78/9'), 'NRC#123456789', '123456789'],
  ['user', auditSubject.user('a1b2-c3'), 'USER#a1b2-c3', 'a1b2-c3'],
  ['employee', auditSubject.employee('e-9'), 'EMPLOYEE#e-9', 'e-9'],
  ['email', auditSubject.email('officer@bank.co.zm'), 'EMAIL#officer@bank.co.zm', 'officer@bank.co.zm'],
  ['submission', auditSubject.submission('s-1'), 'SUB#s-1', 's-1'],
  ['upload', auditSubject.upload('u-1'), 'UPLOAD#u-1', 'u-1'],
  ['accessRequest', auditSubject.accessRequest('r-1'), 'REQUEST#r-1', 'r-1'],
  ['dispute', auditSubject.dispute('d-1'), 'DISPUTE#d-1', 'd-1'],
  ['mandate', auditSubject.mandate('M-2026-0001'), 'MANDATE#M-2026-0001', 'M-2026-0001'],
  ['setting', auditSubject.setting('payroll_authority'), 'SETTING#payroll_authority', 'payroll_authority'],
  ['organisation', auditSubject.organisation('o-1'), 'ORG#o-1', 'o-1'],
  ['payeeKey', auditSubject.payeeKey('BANKX'), 'PAYEE#BANKX', 'BANKX'],
  ['schedule', auditSubject.schedule('2026-11'), 'SCHEDULE#2026-11', '2026-11'],
  ['apiClient', auditSubject.apiClient('5c1a9e'), 'API_CLIENT#5c1a9e', '5c1a9e'],
  ['remittance', auditSubject.remittance('RS-202611-1234'), 'REMITTANCE#RS-202611-1234', 'RS-202611-1234'],
  ['webhook', auditSubject.webhook('0d5e7f'), 'WEBHOOK#0d5e7f', '0d5e7f'],
  ['registry', auditSubject.registry, 'REGISTRY', null],
  ['register', auditSubject.register, 'REGISTER', null],
  ['history', auditSubject.history, 'HISTORY', null],
  ['anonymous', auditSubject.anonymous, 'ANONYMOUS', null],
];

describe('audit subjects', () => {
  it('cover every kind', () => {
    expect(KINDS.map(([kind]) => kind).sort()).toEqual(Object.keys(auditSubject).sort());
  });

  it.each(KINDS)('%s is spelled as its trail is keyed, and reads back', (kind, built, spelled, id) => {
    expect(built).toBe(spelled);
    expect(parseAuditSubject(spelled)).toEqual({ kind, id, subject: spelled });
  });

  it.each([
    ['an NRC with its slashes, in lower case', 'nrc#123456/78/9', 'NRC#123456789'],
    ['spaces around it', ' USER#abc ', 'USER#abc'],
    ['a whole store in lower case', 'registry', 'REGISTRY'],
  ])('reads a subject as a person types it: %s', (_, typed, subject) => {
    expect(parseAuditSubject(typed)?.subject).toBe(subject);
  });

  it.each([
    ['an unknown kind', 'PAYSLIP#1'],
    ['a kind that needs an id, without one', 'USER#'],
    ['a kind that needs an id, bare', 'DISPUTE'],
    ['a whole store given an id', 'REGISTRY#x'],
    ['an NRC without digits', 'NRC#abc'],
    ['nothing', ''],
  ])('is no subject: %s', (_, text) => {
    expect(parseAuditSubject(text)).toBeNull();
  });

  it('refuses to build a subject without its id', () => {
    expect(() => auditSubject.user('')).toThrow(/needs an id/);
    expect(() => auditSubject.nrc('no digits')).toThrow(/needs an id/);
  });
});
