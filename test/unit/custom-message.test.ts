import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Powertools Parameters reads and caches the SSM parameter; here it answers as SSM would.
const getParameter = vi.fn();
vi.mock('@aws-lambda-powertools/parameters/ssm', () => ({ getParameter }));

type Source = CustomMessageTriggerEvent['triggerSource'];

const APP_URL = 'https://app.example.test';

function cognitoEvent(triggerSource: Source, userAttributes: Record<string, string> = { email: 'ada@example.com' }): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'af-south-1',
    userPoolId: 'af-south-1_Test',
    userName: '3f1c2a9e-0000-4000-8000-000000000001',
    triggerSource,
    callerContext: { awsSdkVersion: 'aws-sdk-js-3', clientId: 'client-id' },
    request: {
      userAttributes,
      codeParameter: '{####}',
      linkParameter: '{##Click Here##}',
      usernameParameter: triggerSource === 'CustomMessage_AdminCreateUser' ? '{username}' : null,
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

/** A fresh module per test. */
async function loadHandler() {
  vi.resetModules();
  return (await import('../../lambdas/auth/custom-message.js')).handler;
}

beforeEach(() => {
  getParameter.mockReset();
  vi.stubEnv('APP_URL', APP_URL);
  vi.stubEnv('APP_URL_PARAMETER', '');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('custom-message handler', () => {
  it.each([
    { source: 'CustomMessage_SignUp', link: `${APP_URL}/signin?verify=1&email=ada%40example.com&code={####}`, subject: /verify your email/i },
    { source: 'CustomMessage_ResendCode', link: `${APP_URL}/signin?verify=1&email=ada%40example.com&code={####}`, subject: /verify your email/i },
    { source: 'CustomMessage_ForgotPassword', link: `${APP_URL}/reset?email=ada%40example.com&code={####}`, subject: /reset your .*password/i },
    { source: 'CustomMessage_AdminCreateUser', link: `${APP_URL}/invite-accept?email=ada%40example.com`, subject: /invited/i },
  ] as const)('links $source into the SPA and keeps the code placeholder', async ({ source, link, subject }) => {
    const handler = await loadHandler();

    const result = await handler(cognitoEvent(source));

    expect(result.response.emailSubject).toMatch(subject);
    const html = result.response.emailMessage ?? '';
    expect(html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    expect(html).toContain('{####}');
    expect(getParameter).not.toHaveBeenCalled();
  });

  it('shows the temporary password apart from the link, labelled, and never in an address', async () => {
    const handler = await loadHandler();

    const html = (await handler(cognitoEvent('CustomMessage_AdminCreateUser'))).response.emailMessage ?? '';

    expect(html).toContain('Temporary password: <strong>{####}</strong>');
    expect(html.match(/\{####\}/g)).toHaveLength(1);
    expect(html).not.toMatch(/code=/);
  });

  it('keeps the {username} placeholder in the invite, as Cognito requires for AdminCreateUser', async () => {
    const handler = await loadHandler();

    const result = await handler(cognitoEvent('CustomMessage_AdminCreateUser'));

    expect(result.response.emailMessage).toContain('{username}');
  });

  it('tells the invitee to sign in with their email, not the pool user name', async () => {
    const handler = await loadHandler();

    const result = await handler(cognitoEvent('CustomMessage_AdminCreateUser'));

    expect(result.response.emailMessage).toContain('Sign in with: <strong>ada@example.com</strong>');
    expect(result.response.emailMessage).not.toContain('Sign-in name');
  });

  it('HTML-escapes the email and name, and URL-encodes the email in the link', async () => {
    const handler = await loadHandler();
    const email = `o'neil"<img src=x onerror=alert(1)>&co@example.com`;

    const result = await handler(cognitoEvent('CustomMessage_ForgotPassword', { email, name: '<script>alert("x")</script>' }));

    const html = result.response.emailMessage ?? '';
    expect(html).not.toMatch(/<img|<script/);
    expect(html).toContain('o&#39;neil&quot;&lt;img src=x onerror=alert(1)&gt;&amp;co@example.com');
    expect(html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,');
    expect(html).toContain(`/reset?email=${encodeURIComponent(email).replaceAll("'", '&#39;')}&amp;code={####}`);
  });

  it('drops a trailing slash of APP_URL', async () => {
    vi.stubEnv('APP_URL', `${APP_URL}/`);
    const handler = await loadHandler();

    const result = await handler(cognitoEvent('CustomMessage_SignUp'));

    expect(result.response.emailMessage).toContain(`href="${APP_URL}/signin?`);
  });

  it.each(['CustomMessage_UpdateUserAttribute', 'CustomMessage_VerifyUserAttribute', 'CustomMessage_Authentication'] as const)(
    'leaves %s to Cognito',
    async (source) => {
      const handler = await loadHandler();

      const result = await handler(cognitoEvent(source));

      expect(result.response).toEqual({ smsMessage: null, emailMessage: null, emailSubject: null });
    },
  );

  it('keeps the default message when the user has no email attribute', async () => {
    const handler = await loadHandler();

    const result = await handler(cognitoEvent('CustomMessage_SignUp', {}));

    expect(result.response.emailMessage).toBeNull();
  });
});

describe('custom-message handler without APP_URL', () => {
  beforeEach(() => {
    vi.stubEnv('APP_URL', '');
    vi.stubEnv('APP_URL_PARAMETER', '/PayrollPlatform/app-url');
  });

  it('reads the SPA URL from the SSM parameter, cached by Powertools for the life of the container', async () => {
    getParameter.mockResolvedValue('https://d111111abcdef8.cloudfront.net/');
    const handler = await loadHandler();

    const result = await handler(cognitoEvent('CustomMessage_ForgotPassword'));

    expect(result.response.emailMessage).toContain('href="https://d111111abcdef8.cloudfront.net/reset?');
    expect(getParameter).toHaveBeenCalledWith('/PayrollPlatform/app-url', { maxAge: 3600 });
  });

  it('fails the invocation when the parameter cannot be read, and reads it again on the next', async () => {
    getParameter.mockRejectedValueOnce(new Error('throttled')).mockResolvedValue('https://d111111abcdef8.cloudfront.net');
    const handler = await loadHandler();

    await expect(handler(cognitoEvent('CustomMessage_SignUp'))).rejects.toThrow('throttled');
    const result = await handler(cognitoEvent('CustomMessage_SignUp'));

    expect(result.response.emailMessage).toContain('https://d111111abcdef8.cloudfront.net/signin?');
    expect(getParameter).toHaveBeenCalledTimes(2);
  });

  it('fails loudly when the parameter holds no value', async () => {
    getParameter.mockResolvedValue(undefined);
    const handler = await loadHandler();

    await expect(handler(cognitoEvent('CustomMessage_SignUp'))).rejects.toThrow(/holds no value/);
  });

  it('fails loudly when neither APP_URL nor APP_URL_PARAMETER is set', async () => {
    vi.stubEnv('APP_URL_PARAMETER', '');
    const handler = await loadHandler();

    await expect(handler(cognitoEvent('CustomMessage_SignUp'))).rejects.toThrow(/APP_URL_PARAMETER/);
  });
});
