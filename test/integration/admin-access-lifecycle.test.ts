import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCESS_DECISION_MESSAGES as M, INSPECTOR_MESSAGES } from '#shared/api/admin.js';
import { getMe } from '#shared/routes/accounts.js';
import { decideAccessRequest, deleteAuthUser, getAccessRequestDocuments, getUserLinks, listAccessRequests } from '#shared/routes/admin.js';
import { pdfBytes, postToS3 } from '../support/accounts.js';
import { call, okBody, type RouteRequest } from '../support/api.js';
import { cognitoClient, signIn } from '../support/cognito.js';
import { auditOf, groupsOf, requestAccess } from './admin-support.js';

/** The life of an access request past its approval, its documents as they land, and the inspector's sign-in time. */
const twin = inject('twin');
let adminToken = '';

beforeAll(async () => {
  adminToken = (await signIn(twin, twin.admin.email, twin.admin.password)).idToken;
});

const decide = (id: string, body: RouteRequest<typeof decideAccessRequest>) => call(twin, decideAccessRequest, { params: { id }, body, caller: adminToken });
const links = async (email: string) => okBody(await call(twin, getUserLinks, { params: { email }, caller: adminToken }));
const listed = async (email: string) => okBody(await call(twin, listAccessRequests, { query: { status: 'all', q: email }, caller: adminToken })).items[0]!;
const refresh = (refreshToken: string) =>
  cognitoClient(twin)
    .send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: twin.env.USER_POOL_CLIENT_ID, AuthParameters: { REFRESH_TOKEN: refreshToken } }))
    .then(
      () => 'refreshed',
      (e: Error) => e.name,
    );

describe('revoking an approved access request', () => {
  it('removes the membership and the role, signs the person out, keeps the request as removed; the account can then be deleted', async () => {
    const request = await requestAccess(twin, 'fi');
    const approved = await decide(request.id, { decision: 'approve', role: 'fi_admin', org_name: 'Bank of Revoking' });
    const session = await signIn(twin, request.email, request.password);
    expect(await refresh(session.refreshToken)).toBe('refreshed');

    const res = await decide(request.id, { decision: 'remove', note: 'Left the bank.' });
    expect(res.body).toMatchObject({
      status: 'removed',
      message: M.revoked,
      kept_auth_user: true,
      org_id: okBody(approved).org_id,
      links: { blocking_links: 0 },
    });
    expect(await refresh(session.refreshToken)).toBe('NotAuthorizedException');
    expect(await groupsOf(twin, request.sub)).toEqual([]);
    const fresh = (await signIn(twin, request.email, request.password)).idToken;
    expect(okBody(await call(twin, getMe, { caller: fresh }))).toMatchObject({ approved: false });
    expect(await listed(request.email)).toMatchObject({ id: request.id, status: 'removed' });
    expect((await auditOf(twin, `REQUEST#${request.id}`)).find((e) => e.action === 'access_request.remove')).toMatchObject({
      details: { revoked: true, membership_removed: true },
    });
    expect((await decide(request.id, { decision: 'remove', note: 'again' })).body).toMatchObject({ error: 'already_decided' });

    // The removed membership and the removed request are history: they block nothing.
    const inspected = await links(request.email);
    expect(inspected.counts).toMatchObject({ org_members: 1, access_requests: 1, user_roles: 0 });
    expect(inspected.blocking_links).toBe(0);
    expect((await call(twin, deleteAuthUser, { params: { email: request.email }, caller: adminToken })).body).toMatchObject({
      message: INSPECTOR_MESSAGES.deleted,
    });
  });

  it('lets an account go whose request was rejected', async () => {
    const request = await requestAccess(twin, 'pmec');
    await decide(request.id, { decision: 'reject', note: 'Not a ministry.' });
    expect((await links(request.email)).blocking_links).toBe(0);
    expect((await call(twin, deleteAuthUser, { params: { email: request.email }, caller: adminToken })).status).toBe(200);
  });
});

describe('onboarding documents, as they land', () => {
  it('marks each document received, missing or not a PDF, and never links a false one as a PDF', async () => {
    const request = await requestAccess(twin, 'fi');
    expect(await listed(request.email)).toMatchObject({ missing_documents: ['tpin', 'pacra', 'application'], not_pdf_documents: [] });
    expect((await postToS3(request.uploads.tpin!, pdfBytes(1024))).status).toBe(204);
    // Declared application/pdf, as the link demands, but an executable's bytes.
    expect((await postToS3(request.uploads.pacra!, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 1)]))).status).toBe(204);

    await expect.poll(async () => (await listed(request.email)).missing_documents).toEqual(['application']);
    expect((await listed(request.email)).not_pdf_documents).toEqual(['pacra']);
    const docs = okBody(await call(twin, getAccessRequestDocuments, { params: { id: request.id }, caller: adminToken })).items;
    expect(docs.find((d) => d.doc === 'pacra')).toMatchObject({ uploaded: true, not_pdf: true, url: null });
    expect(docs.find((d) => d.doc === 'tpin')).toMatchObject({ uploaded: true, not_pdf: false, url: expect.any(String) });
    expect(docs.find((d) => d.doc === 'application')).toMatchObject({ uploaded: false, url: null });

    // The applicant's retry (the same sign-up asking again) gets fresh links; a real PDF replaces the false one.
    expect((await postToS3(request.uploads.pacra!, pdfBytes(600))).status).toBe(204);
    await expect.poll(async () => (await listed(request.email)).not_pdf_documents).toEqual([]);
  });
});

describe('the last sign-in', () => {
  it('is recorded by the sign-in trigger and shown by the User Inspector', async () => {
    const request = await requestAccess(twin, 'fi');
    expect((await links(request.email)).auth_user?.last_sign_in_at).toBeNull();
    const before = new Date().toISOString();
    await signIn(twin, request.email, request.password);
    const seen = (await links(request.email)).auth_user?.last_sign_in_at;
    expect(seen).toEqual(expect.any(String));
    expect(seen! >= before.slice(0, 19)).toBe(true);
  });
});
