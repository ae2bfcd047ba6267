import { afterAll, describe, expect, inject, it } from 'vitest';
import { PLATFORM_ADMIN_MESSAGES } from '#shared/api/admin.js';
import { acceptTeamInvite } from '#shared/routes/accounts.js';
import { addPlatformAdmin, listPlatformAdmins, removePlatformAdmin } from '#shared/routes/admin.js';
import { call, okBody } from '../support/api.js';
import { signIn } from '../support/cognito.js';
import { auditOf, signedInUser } from './admin-support.js';

/**
 * Spec part 2 §5 and §9: the last super_admin can never be removed. This file takes the twin
 * down to two super_admins and races two removals, so it restores the seeded admin afterwards.
 */
const twin = inject('twin');
const LAST = { error: 'last_super_admin', message: PLATFORM_ADMIN_MESSAGES.last_super_admin };

const adminToken = () => signIn(twin, twin.admin.email, twin.admin.password).then((t) => t.idToken);
const remove = (token: string, userId: string) =>
  call(twin, removePlatformAdmin, { params: { user_id: userId }, query: { role: 'super_admin' }, caller: token });

/** The super_admins as the directory holds them (the groups are a mirror; a console edit there grants nothing). */
async function superAdmins(): Promise<string[]> {
  observer ??= (await signedInUser(twin, ['sys_admin'])).token;
  const listed = okBody(await call(twin, listPlatformAdmins, { caller: observer }));
  return listed.items.filter((i) => i.role === 'super_admin').map((i) => i.user_id);
}
/** A sys_admin who watches the list while super_admins remove each other. */
let observer: string | undefined;

/** A token of a super_admin that stays one while others are removed (tokens keep their groups). */
let keeperToken = '';

afterAll(async () => {
  // Whatever happened, the seeded admin is a super_admin again for the files after this one.
  const res = await call(twin, addPlatformAdmin, { body: { email: twin.admin.email, role: 'super_admin' }, caller: keeperToken || (await adminToken()) });
  expect([200, 409]).toContain(res.status);
  // An existing account is invited: the seeded admin accepts, as they would on their home page.
  const accepted = await call(twin, acceptTeamInvite, { body: {}, caller: await adminToken() });
  expect(accepted.status).toBe(200);
});

describe('the last super_admin', () => {
  it('survives two concurrent removals, and a removal of the one left', async () => {
    let token = await adminToken();
    keeperToken = token;
    // Down to the seeded admin alone.
    const listed = okBody(await call(twin, listPlatformAdmins, { caller: token }));
    const seeded = listed.items.find((i) => i.email === twin.admin.email && i.role === 'super_admin')!;
    for (const other of listed.items.filter((i) => i.role === 'super_admin' && i.user_id !== seeded.user_id)) {
      expect((await remove(token, other.user_id)).status).toBe(200);
    }
    expect(await superAdmins()).toEqual([seeded.user_id]);

    let survivor = { userId: seeded.user_id, token };
    for (let round = 0; round < 3; round++) {
      const second = await signedInUser(twin, []);
      expect((await call(twin, addPlatformAdmin, { body: { email: second.email, role: 'super_admin' }, caller: survivor.token })).status).toBe(200);
      const secondToken = (await signIn(twin, second.email, second.password)).idToken;
      expect((await call(twin, acceptTeamInvite, { body: { platform_role: 'super_admin' }, caller: secondToken })).status).toBe(200);

      // Each removes the other at the same moment: exactly one may win. The other is refused as the last
      // super_admin (409) or, when the winner's removal landed first, as no longer a super_admin (403).
      const [a, b] = await Promise.all([remove(survivor.token, second.username), remove(secondToken, survivor.userId)]);
      const lost = [a, b].find((r) => r.status !== 200)!;
      expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
      if (lost.status === 409) expect(lost.body).toEqual(LAST);
      else expect(lost.body).toMatchObject({ error: 'not_approved' });
      const left = await superAdmins();
      expect(left).toHaveLength(1);
      survivor = left[0] === second.username ? { userId: second.username, token: secondToken } : survivor;
      keeperToken = survivor.token;
    }

    // The one left cannot remove itself either.
    expect(await remove(survivor.token, survivor.userId)).toEqual({ status: 409, body: LAST });
    expect(await superAdmins()).toEqual([survivor.userId]);
    const refusals = (await auditOf(twin, `USER#${survivor.userId}`)).filter((e) => e.action === 'platform_admin.remove' && e.outcome === 'refused');
    expect(refusals.length).toBeGreaterThanOrEqual(1);
    expect(refusals[0]).toMatchObject({ details: { role: 'super_admin', reason: 'last_super_admin' } });
    token = survivor.token;
  });
});
