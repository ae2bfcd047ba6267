import { beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * Text messages through SNS, as the employee portal's codes go: the twin's SNS shim takes a signed
 * Publish to an E.164 number and the SMS lands in the outbox as `{ kind: 'sms', to, body }`.
 */
const twin = inject('twin');
let sendSms: (to: string, body: string) => Promise<void>;

beforeAll(async () => {
  // The data layer reads the same variables in Lambda: point it at this twin, then load it.
  Object.assign(process.env, twin.env);
  ({ sendSms } = await import('#adapters/sms.js'));
});

const uniqueMobile = () => `+26097${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const texts = async (to: string) => (await (await fetch(`${twin.url}/_local/outbox.json?to=${encodeURIComponent(to)}`)).json()) as Record<string, unknown>[];

describe('SMS through SNS on the twin', () => {
  it('lands in the outbox as an SMS to that number, with its text', async () => {
    const to = uniqueMobile();
    await sendSms(to, 'Your payroll code is 123456. It expires in 5 minutes.');
    expect(await texts(to)).toEqual([expect.objectContaining({ kind: 'sms', to, body: 'Your payroll code is 123456. It expires in 5 minutes.', links: [] })]);
  });

  it.each([
    ['a number that is not E.164', '0971234567', 'hello', /E\.164/],
    ['an empty message', uniqueMobile(), '', /Empty message/],
    ['a message longer than an SMS can carry', uniqueMobile(), 'x'.repeat(1601), /too long/],
  ])('refuses %s, as SNS does, and keeps nothing', async (_, to, body, message) => {
    await expect(sendSms(to, body)).rejects.toMatchObject({ name: 'InvalidParameterException', message: expect.stringMatching(message) });
    expect(await texts(to)).toEqual([]);
  });

  it('refuses an unsigned Publish, so no page or stranger can text through the twin', async () => {
    const to = uniqueMobile();
    const form = new URLSearchParams({ Action: 'Publish', PhoneNumber: to, Message: 'Your code is 000000' });
    const res = await fetch(`${twin.url}/_local/sns`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>MissingAuthenticationToken</Code>');
    expect(await texts(to)).toEqual([]);
  });
});
