import { startSandboxProcess } from './sandbox-process.ts';

/** The person who signs in at the provider next, with the claims it vouches for. */
export type ProviderAccount = { sub: string; email?: string; emailVerified?: boolean; name?: string };

export type LocalIdentityProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Makes every sign-in at the provider from now on complete at once as this account. */
  setNextAccount(account: ProviderAccount): Promise<void>;
  /** Follows the provider's redirects from an authorization address to the client's callback. */
  authorize(authorizationUrl: string, callbackPrefix: string): Promise<URL>;
  close(): Promise<void>;
};

const REDIRECT_HOPS_MAX = 10;

/**
 * The identity sandbox (apps/identity-sandbox, a real OpenID Connect provider) in its own process on
 * a free loopback port, with one confidential client allowed back to `redirectUris`: to the server
 * under test it is a third party like Google, reached over HTTP.
 */
export async function startIdentityProvider(redirectUris: string[]): Promise<LocalIdentityProvider> {
  const clientId = 'panalo-test-client';
  const clientSecret = 'a-long-enough-client-secret-for-tests-0123456789';
  const sandbox = await startSandboxProcess('apps/identity-sandbox/src/main.ts', {
    IDENTITY_SANDBOX_PORT: '0',
    IDENTITY_SANDBOX_CLIENTS: JSON.stringify([
      { clientId, clientSecret, redirectUris, standsInFor: 'Google' },
    ]),
  });
  const issuer = sandbox.ready.issuer ?? '';

  return {
    issuer,
    clientId,
    clientSecret,
    async setNextAccount(account) {
      const response = await fetch(`${issuer}/sandbox/auto-sign-in`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(account),
      });
      if (response.status !== 204) throw new Error(`the sandbox refused the account: ${response.status}`);
    },
    authorize: followToCallback,
    close: sandbox.close,
  };
}

/** What a browser does between the authorization address and the callback: redirects and cookies. */
async function followToCallback(authorizationUrl: string, callbackPrefix: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < REDIRECT_HOPS_MAX; hop += 1) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
    }
    const location = response.headers.get('location');
    await response.arrayBuffer();
    if (!location) throw new Error(`the provider stopped at ${url.pathname} with ${response.status}`);
    const next = new URL(location, url);
    if (next.href.startsWith(callbackPrefix)) return next;
    url = next;
  }
  throw new Error('the provider redirected too often');
}
