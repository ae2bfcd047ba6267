import { describe, expect, it } from 'vitest';
import { employeeCodeRequestCheck } from '#shared/api/employee-words.js';
import { employeeCodeRequestSchema } from '#shared/api/employee.js';

/** The portal's first screen checks its fields without zod: the same answers as the server's schema. */
describe('employeeCodeRequestCheck answers as employeeCodeRequestSchema', () => {
  it.each([
    ['a slashed NRC and a number', { nrc: '123456/78/9', employee_number: 'EMP-1' }],
    ['an NRC of digits only, normalised', { nrc: '123456789', employee_number: '  7001 ' }],
    ['an NRC with spaces', { nrc: ' 123456 / 78 / 9 ', employee_number: '7001' }],
    ['an NRC of the wrong shape', { nrc: '12345/78/9', employee_number: '7001' }],
    ['an empty NRC and number', { nrc: '', employee_number: '' }],
    ['a number of spaces only', { nrc: '123456/78/9', employee_number: '   ' }],
    ['a number of 41 characters', { nrc: '123456/78/9', employee_number: 'x'.repeat(41) }],
    ['a number of 40 characters', { nrc: '123456/78/9', employee_number: 'x'.repeat(40) }],
    ['an NRC of 41 characters', { nrc: `123456/78/9${' '.repeat(30)}`, employee_number: '7001' }],
    ['letters for an NRC', { nrc: 'abcdef/gh/i', employee_number: '7001' }],
  ])('%s', (_, input) => {
    const server = employeeCodeRequestSchema.safeParse(input);
    const client = employeeCodeRequestCheck.safeParse(input);
    expect(client.success).toBe(server.success);
    if (server.success && client.success) expect(client.data).toEqual(server.data);
    if (!server.success && !client.success) {
      const byField = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
        Object.fromEntries(issues.map((i) => [String(i.path[0]), i.message]));
      expect(byField(client.error.issues)).toEqual(byField(server.error.issues));
    }
  });
});
