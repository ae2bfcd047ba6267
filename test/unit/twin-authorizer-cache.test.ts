import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { withVerdictCache } from '../../infra/local/authorizer-cache.js';

const event = (authorization: string) => ({ identitySource: [authorization] }) as unknown as APIGatewayRequestAuthorizerEventV2;

/** An authorizer that counts its runs and allows the tokens named. */
function counting(allowed: string[]) {
  const runs: string[] = [];
  const authorize = async (e: APIGatewayRequestAuthorizerEventV2) => {
    runs.push(e.identitySource[0]!);
    return { isAuthorized: allowed.includes(e.identitySource[0]!) };
  };
  return { runs, authorize };
}

describe("the twin's gateway keeps an authorizer's verdicts as API Gateway does", () => {
  it('runs the authorizer once a token within the period, for an allowed and a refused token alike', async () => {
    let clock = 1_000_000;
    const { runs, authorize } = counting(['Bearer good']);
    const cached = withVerdictCache(authorize, 30, () => clock);
    expect(await cached(event('Bearer good'))).toEqual({ isAuthorized: true });
    expect(await cached(event('Bearer bad'))).toEqual({ isAuthorized: false });
    clock += 29_000;
    expect(await cached(event('Bearer good'))).toEqual({ isAuthorized: true });
    expect(await cached(event('Bearer bad'))).toEqual({ isAuthorized: false });
    expect(runs).toEqual(['Bearer good', 'Bearer bad']);
  });

  it('asks again once the period has passed', async () => {
    let clock = 1_000_000;
    const { runs, authorize } = counting(['Bearer good']);
    const cached = withVerdictCache(authorize, 30, () => clock);
    await cached(event('Bearer good'));
    clock += 30_000;
    await cached(event('Bearer good'));
    expect(runs).toEqual(['Bearer good', 'Bearer good']);
  });

  it('keeps nothing of an authorizer that failed rather than refused', async () => {
    let calls = 0;
    const cached = withVerdictCache(async () => {
      calls += 1;
      if (calls === 1) throw new Error('JWKS unreachable');
      return { isAuthorized: true };
    }, 30);
    await expect(cached(event('Bearer good'))).rejects.toThrow('JWKS unreachable');
    expect(await cached(event('Bearer good'))).toEqual({ isAuthorized: true });
    expect(calls).toBe(2);
  });
});
