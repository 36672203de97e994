import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { type LocalIdentityProvider, startIdentityProvider } from './support/identity-provider.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

const SITE = 'http://localhost';
const CALLBACK = `${SITE}/wps/session/social/google/callback`;

let testApp: TestApp;
let provider: LocalIdentityProvider;

function socialSettings(overrides: { enabled?: boolean; switchOn?: boolean } = {}) {
  return {
    whitelabel: [{ modId: 'SOCIALLOGIN', enabled: overrides.switchOn ?? true, children: [] }],
    socialLogin: [
      {
        provider: 'google',
        enabled: overrides.enabled ?? true,
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        scopes: 'openid email profile',
      },
    ],
  };
}

beforeAll(async () => {
  provider = await startIdentityProvider([CALLBACK, `${SITE}/wps/session/social/facebook/callback`]);
  // The redirect address is the site's configured origin; the demo merchant has no main origin
  // of its own, so it is PUBLIC_ORIGIN's.
  testApp = await createSeededApp({ publicOrigin: SITE });
});

afterAll(async () => {
  await testApp.close();
  await provider.close();
});

beforeEach(async () => {
  await patchDemoSettings(testApp, socialSettings());
});

/** Sends the browser's request for the provider's callback; answers where the app redirects. */
async function deliverCallback(callbackUrl: URL): Promise<string> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    remoteAddress: '203.0.113.10',
  });
  expect(response.statusCode).toBe(302);
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  return String(response.headers.location);
}

async function startLogin(client: AccountsClient, body: Record<string, unknown> = {}) {
  return client.call('POST', '/wps/session/social/start', { provider: 'google', ...body });
}

/** The whole round: the page starts, the provider signs `nextAccount` in, the page trades the ticket. */
async function signInThroughProvider(client: AccountsClient, body: Record<string, unknown> = {}) {
  const started = await startLogin(client, body);
  expect(started.body.success).toBe(true);
  const location = await deliverCallback(await provider.authorize(started.body.value.url, CALLBACK));
  const ticket = /#socialLogin=([A-Za-z0-9_-]+)$/.exec(location)?.[1];
  if (!ticket) throw new Error(`no ticket in ${location}`);
  const exchanged = await client.sealed('POST', '/wps/session/login/social', { ticket });
  return { location, ticket, exchanged: exchanged.body };
}

async function countSocialSessions(): Promise<number> {
  const rows = await testApp.database.db
    .selectFrom('member_sessions')
    .select('id')
    .where('login_method', '=', 'social')
    .execute();
  return rows.length;
}

async function memberOfToken(token: string) {
  const found = await testApp.app.members.resolveSession(token);
  if (!found) throw new Error('the token has no session');
  return found.member;
}

describe('social login', () => {
  it('lists a provider only when SOCIALLOGIN is on and the provider is enabled', async () => {
    const client = createAccountsClient(testApp.app);
    expect((await client.call('GET', '/wps/system/permission')).body.value.info.socialLogin).toEqual([
      'google',
    ]);
    await patchDemoSettings(testApp, socialSettings({ enabled: false }));
    expect((await client.call('GET', '/wps/system/permission')).body.value.info.socialLogin).toEqual([]);
    await patchDemoSettings(testApp, socialSettings({ switchOn: false }));
    expect((await client.call('GET', '/wps/system/permission')).body.value.info.socialLogin).toEqual([]);
    const refused = await startLogin(client);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FEATURE_DISABLED');
    expect((await startLogin(client, { provider: 'facebook' })).body.code).toBe('FEATURE_DISABLED');
  });

  it('sends the browser to the provider with state, nonce and an S256 PKCE challenge', async () => {
    const started = await startLogin(createAccountsClient(testApp.app));
    const url = new URL(started.body.value.url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(32);
    expect(url.searchParams.get('nonce')?.length).toBeGreaterThanOrEqual(32);
  });

  it('makes a new member on the first sign-in and logs the same member in on the next', async () => {
    await provider.setNextAccount({
      sub: 'google-new-1',
      email: 'Maria.Santos@example.ph',
      emailVerified: true,
      name: 'Maria Santos',
    });
    const client = createAccountsClient(testApp.app);
    const first = await signInThroughProvider(client, { returnTo: '/promotions' });
    expect(first.location).toMatch(/^\/promotions#socialLogin=/);
    expect(first.exchanged.success).toBe(true);
    // The sign-in made the account, so the page leads the new member to the first deposit.
    expect(first.exchanged.value).toMatchObject({
      firstTimeLogin: true,
      passwordExpired: false,
      created: true,
    });
    const member = await memberOfToken(first.exchanged.value.token);
    expect(member.account).toMatch(/^mariasan\d{5}$/);
    expect(member.email).toBe('maria.santos@example.ph');
    expect(member.nickname).toBe('Maria Santos');
    expect(member.register_method).toBe('GOOGLE');
    expect(member.password_hash).toBeNull();

    const second = await signInThroughProvider(createAccountsClient(testApp.app));
    expect(second.exchanged.success).toBe(true);
    expect(second.exchanged.value).toMatchObject({ firstTimeLogin: false, created: false });
    expect((await memberOfToken(second.exchanged.value.token)).id).toBe(member.id);
    const logins = await testApp.database.db
      .selectFrom('member_logins')
      .select('method')
      .where('member_id', '=', member.id)
      .execute();
    expect(logins.map((login) => login.method)).toEqual(['social', 'social']);
  });

  it('links the one member whose email the provider verified, and not on an unverified email', async () => {
    await provider.setNextAccount({
      sub: 'google-unverified',
      email: 'demo@panalo.example',
      emailVerified: false,
      name: 'Someone',
    });
    const unverified = await signInThroughProvider(createAccountsClient(testApp.app));
    expect((await memberOfToken(unverified.exchanged.value.token)).account).not.toBe('demo');

    await provider.setNextAccount({
      sub: 'google-demo',
      email: 'DEMO@panalo.example',
      emailVerified: true,
      name: 'Demo',
    });
    const verified = await signInThroughProvider(createAccountsClient(testApp.app));
    expect((await memberOfToken(verified.exchanged.value.token)).account).toBe('demo');
    // Linking an existing member made nobody new.
    expect(verified.exchanged.value.created).toBe(false);
  });

  it('files a new member under the agent whose invitation code the page carried, and refuses a wrong code first', async () => {
    const client = createAccountsClient(testApp.app);
    const wrong = await startLogin(client, { affiliateCode: 'NOPE99' });
    expect(wrong.body.code).toBe('INVITATION_CODE_INVALID');

    await provider.setNextAccount({ sub: 'google-invited', name: 'Invited Player' });
    const invited = await signInThroughProvider(client, { affiliateCode: 'PANALO' });
    const member = await memberOfToken(invited.exchanged.value.token);
    const agent = await testApp.app.members.findByAccount(member.merchant_id, 'agent');
    expect(member.upline_id).toBe(agent?.id);
  });

  it('refuses a replayed callback and a reused ticket', async () => {
    await provider.setNextAccount({ sub: 'google-replay', name: 'Replay' });
    const client = createAccountsClient(testApp.app);
    const started = await startLogin(client);
    const callbackUrl = await provider.authorize(started.body.value.url, CALLBACK);
    const first = await deliverCallback(callbackUrl);
    expect(first).toMatch(/#socialLogin=/);
    expect(await deliverCallback(callbackUrl)).toBe('/#socialError=SOCIAL_LOGIN_FAILED');

    const ticket = first.split('=')[1] ?? '';
    expect((await client.sealed('POST', '/wps/session/login/social', { ticket })).body.success).toBe(true);
    const reused = await client.sealed('POST', '/wps/session/login/social', { ticket });
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('SOCIAL_LOGIN_FAILED');
  });

  it('trades a ticket once under a burst of exchanges, and says once that the sign-in made the account', async () => {
    await provider.setNextAccount({ sub: 'google-burst', name: 'Burst Player' });
    const client = createAccountsClient(testApp.app);
    const started = await startLogin(client);
    const location = await deliverCallback(await provider.authorize(started.body.value.url, CALLBACK));
    const ticket = location.split('=')[1] ?? '';
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        createAccountsClient(testApp.app).sealed('POST', '/wps/session/login/social', { ticket }),
      ),
    );
    const accepted = answers.filter((answer) => answer.body.success);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]?.body.value.created).toBe(true);
    expect(answers.filter((answer) => answer.body.code === 'SOCIAL_LOGIN_FAILED')).toHaveLength(5);
  });

  it('turns a callback with a forged code or state, or a refusal at the provider, into SOCIAL_LOGIN_FAILED', async () => {
    const sessionsBefore = await countSocialSessions();
    const client = createAccountsClient(testApp.app);
    const forgedState = new URL(CALLBACK);
    forgedState.search = '?code=abc&state=not-a-state-we-made';
    expect(await deliverCallback(forgedState)).toBe('/#socialError=SOCIAL_LOGIN_FAILED');

    const started = await startLogin(client, { returnTo: '/help' });
    const state = new URL(started.body.value.url).searchParams.get('state') ?? '';
    const forgedCode = new URL(CALLBACK);
    forgedCode.search = `?code=forged-code&state=${state}`;
    const location = await deliverCallback(forgedCode);
    expect(location).toMatch(/^\/help#socialLogin=/);
    const refused = await client.sealed('POST', '/wps/session/login/social', {
      ticket: location.split('=')[1] ?? '',
    });
    expect(refused.body.code).toBe('SOCIAL_LOGIN_FAILED');

    const cancelled = await startLogin(client);
    const cancelledState = new URL(cancelled.body.value.url).searchParams.get('state') ?? '';
    const denied = new URL(CALLBACK);
    denied.search = `?error=access_denied&state=${cancelledState}`;
    const deniedTicket = (await deliverCallback(denied)).split('=')[1] ?? '';
    expect(
      (await client.sealed('POST', '/wps/session/login/social', { ticket: deniedTicket })).body.code,
    ).toBe('SOCIAL_LOGIN_FAILED');
    expect(await countSocialSessions()).toBe(sessionsBefore);
  });

  it('comes back only to a path on this site', async () => {
    await provider.setNextAccount({ sub: 'google-return', name: 'Return' });
    for (const returnTo of ['//elsewhere.example/x', 'https://elsewhere.example/', '/\\elsewhere']) {
      const { location } = await signInThroughProvider(createAccountsClient(testApp.app), { returnTo });
      expect(location).toMatch(/^\/#socialLogin=/);
    }
  });

  it('refuses a locked member at the exchange, as every login does', async () => {
    await provider.setNextAccount({ sub: 'google-locked', name: 'Locked Player' });
    const first = await signInThroughProvider(createAccountsClient(testApp.app));
    const member = await memberOfToken(first.exchanged.value.token);
    await testApp.app.members.lockMember(member.id);
    const second = await signInThroughProvider(createAccountsClient(testApp.app));
    expect(second.exchanged.code).toBe('ACCOUNT_LOCKED');
  });

  it('needs the ticket sealed like every credential', async () => {
    const plain = await createAccountsClient(testApp.app).call('POST', '/wps/session/login/social', {
      ticket: 'a'.repeat(43),
    });
    expect(plain.status).toBe(400);
    expect(plain.body.code).toBe('ENCRYPTION_REQUIRED');
  });
});
