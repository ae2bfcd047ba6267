import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { nextStep } from '../../lambdas/auth/define-auth-challenge.js';

const require = createRequire(import.meta.url);
const { createChallengeSessions, SESSION_TTL_MS } = require('../../infra/local/cognito/challenge-sessions.cjs') as {
  createChallengeSessions: () => {
    open(state: { clientId: string; username: string }, now?: number): string;
    take(token: string, clientId: string, username: string, now?: number): { clientId: string; username: string } | null;
  };
  SESSION_TTL_MS: number;
};

const answer = (challengeResult: boolean) => ({ challengeName: 'CUSTOM_CHALLENGE' as const, challengeResult });

describe('nextStep (DefineAuthChallenge)', () => {
  it('asks for the code first, and again after a wrong one', () => {
    expect(nextStep([], false)).toEqual({ challengeName: 'CUSTOM_CHALLENGE', issueTokens: false, failAuthentication: false });
    expect(nextStep([answer(false), answer(false)], false).challengeName).toBe('CUSTOM_CHALLENGE');
  });

  it('signs in on a right answer, and ends after three wrong ones', () => {
    expect(nextStep([answer(false), answer(true)], false)).toEqual({ issueTokens: true, failAuthentication: false });
    expect(nextStep([answer(false), answer(false), answer(false)], false)).toEqual({ issueTokens: false, failAuthentication: true });
  });

  it('never signs in a user the pool does not hold, nor after another kind of challenge', () => {
    expect(nextStep([answer(true)], true).issueTokens).toBe(false);
    expect(nextStep([{ challengeName: 'PASSWORD_VERIFIER', challengeResult: true }], false)).toEqual({ issueTokens: false, failAuthentication: true });
  });
});

describe('the twin’s challenge sessions', () => {
  const state = { clientId: 'client', username: '123456789' };

  it('take a Session once, for its client and user, within 3 minutes', () => {
    const sessions = createChallengeSessions();
    const start = 1_000_000;
    const token = sessions.open(state, start);
    expect(SESSION_TTL_MS).toBe(3 * 60 * 1000);
    expect(sessions.take(token, 'client', '123456789', start + SESSION_TTL_MS - 1)).toEqual(state);
    expect(sessions.take(token, 'client', '123456789', start + 1)).toBeNull();
  });

  it('refuse a Session past its 3 minutes, or sent by another client or for another user', () => {
    const sessions = createChallengeSessions();
    expect(sessions.take(sessions.open(state, 0), 'client', '123456789', SESSION_TTL_MS)).toBeNull();
    expect(sessions.take(sessions.open(state, 0), 'other', '123456789', 1)).toBeNull();
    expect(sessions.take(sessions.open(state, 0), 'client', '987654321', 1)).toBeNull();
  });
});
