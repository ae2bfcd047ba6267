import { describe, expect, it } from 'vitest';
import { webhookHeaders } from '#data/webhooks/signature.js';
import { isPrivateAddress, nextAttemptAt, WEBHOOK_MESSAGES as M, webhookUrlRefusal } from '#shared/api/webhooks.js';
import { cronIntervalMs } from '../../infra/local/schedules.js';
import { guideRecipe } from '../support/webhooks.js';

describe('the signature recipe of the integration guide', () => {
  const body = JSON.stringify({ id: 'evt_1', type: 'submission.decided', data: { submission_id: 's-1', status: 'approved' } });
  const headersOf = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

  it('is at most 10 lines of Node and accepts a signature the platform made', async () => {
    const { verifyWebhook, lines } = await guideRecipe();
    expect(lines).toBeLessThanOrEqual(10);
    expect(verifyWebhook('whsec_test', headersOf(webhookHeaders('whsec_test', 'evt_1', body, new Date())), body)).toBe(true);
  });

  it.each([
    ['another secret', 'whsec_other', body, 0],
    ['a changed body', 'whsec_test', body.replace('approved', 'rejected'), 0],
    ['a delivery signed 10 minutes ago', 'whsec_test', body, 600_000],
  ])('refuses %s', async (_label, secret, received, ageMs) => {
    const { verifyWebhook } = await guideRecipe();
    const headers = headersOf(webhookHeaders('whsec_test', 'evt_1', body, new Date(Date.now() - ageMs)));
    expect(verifyWebhook(secret, headers, received)).toBe(false);
  });
});

describe('nextAttemptAt', () => {
  const created = '2026-11-27T10:00:00.000Z';
  it.each([
    [1, '2026-11-27T10:00:00.000Z', '2026-11-27T10:01:00.000Z'],
    [2, '2026-11-27T10:01:00.000Z', '2026-11-27T10:03:00.000Z'],
    [4, '2026-11-27T10:10:00.000Z', '2026-11-27T10:18:00.000Z'],
    [9, '2026-11-27T14:00:00.000Z', '2026-11-27T15:00:00.000Z'],
    [30, '2026-11-28T09:30:00.000Z', null],
  ])('after attempt %i at %s: %s', (attempts, now, expected) => {
    expect(nextAttemptAt(created, attempts, new Date(now))).toBe(expected);
  });
});

describe('webhookUrlRefusal', () => {
  it.each([
    ['https://loans.example.zm/hooks', false, null],
    ['http://loans.example.zm/hooks', false, M.https],
    ['http://localhost:4000/hooks', false, M.https],
    ['http://localhost:4000/hooks', true, null],
    ['http://127.0.0.1:4000/hooks', true, null],
    ['https://localhost/hooks', false, M.privateAddress],
    ['https://192.168.1.10/hooks', true, M.privateAddress],
    ['https://172.20.0.1/hooks', false, M.privateAddress],
    ['https://[fd00::1]/hooks', false, M.privateAddress],
    ['https://a:b@loans.example.zm/hooks', false, M.credentials],
    ['ftp://loans.example.zm', false, M.url],
    ['loans.example.zm/hooks', false, M.url],
  ])('%s (loopback allowed: %s)', (url, loopbackAllowed, expected) => {
    expect(webhookUrlRefusal(url, { loopbackAllowed })).toBe(expected);
  });

  it.each([
    ['10.0.0.1', true],
    ['100.64.0.1', true],
    ['169.254.169.254', true],
    ['::ffff:127.0.0.1', true],
    ['fe80::1', true],
    ['172.32.0.1', false],
    ['41.72.100.1', false],
    ['2c0f:fe38::1', false],
  ])('isPrivateAddress(%s) is %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe("the twin's schedules", () => {
  it.each([
    [{ minute: '*', hour: '*' }, 60_000],
    [{ minute: '*/5', hour: '*' }, 300_000],
    [{ minute: '30', hour: '22' }, 86_400_000],
  ])('run %o every %i ms', (cron, ms) => {
    expect(cronIntervalMs(cron)).toBe(ms);
  });
});
