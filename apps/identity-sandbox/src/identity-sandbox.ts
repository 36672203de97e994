import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A relying party the sandbox knows: its credentials and where it may send people back to. */
export type SandboxClient = {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Whose sign-in the sandbox stands in for, shown on its page ("Google", "Facebook"). */
  standsInFor: string;
};

/** Someone signing in at the sandbox, with the claims it vouches for. */
export type SandboxAccount = { sub?: string; name?: string; email?: string; emailVerified?: boolean };

export type IdentitySandbox = { issuer: string; close(): Promise<void> };

// Every limit has a name: a form body, and how long artefacts live (a provider's usual order).
const FORM_BYTES_MAX = 4096;
const CONTROL_BYTES_MAX = 4096;
const TTL_SECONDS = {
  AccessToken: 600,
  AuthorizationCode: 60,
  Grant: 600,
  IdToken: 600,
  Interaction: 600,
  Session: 3600,
};

/**
 * A real OpenID Connect provider (the `oidc-provider` package) standing in for Google and
 * Facebook, so that social login runs end to end on a machine without them. Its sign-in page asks
 * for a name and an email address and signs that person in; the subject is derived from the email,
 * so the same address is the same account next time. For automated tests, `PUT
 * /sandbox/auto-sign-in` makes every sign-in complete at once as the given account, until `DELETE`.
 */
export async function startIdentitySandbox(options: {
  host: string;
  port: number;
  /** The address people and clients reach it at; by default http://<host>:<port>. */
  publicUrl?: string;
  clients: SandboxClient[];
}): Promise<IdentitySandbox> {
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = options.publicUrl ?? `http://${options.host}:${port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'sandbox', use: 'sig', alg: 'RS256' };

  const accounts = new Map<string, Required<SandboxAccount>>();
  let autoAccount: Required<SandboxAccount> | null = null;

  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    ttl: TTL_SECONDS,
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_context, sub) {
      const account = accounts.get(sub);
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          ...(account?.email ? { email: account.email, email_verified: account.emailVerified } : {}),
          ...(account?.name ? { name: account.name } : {}),
        }),
      };
    },
  });
  // Development defaults are announced on the console; a sandbox knows it is one.
  provider.on('server_error', (_context, error) => console.error('identity sandbox:', error.message));

  async function signIn(
    request: IncomingMessage,
    response: ServerResponse,
    account: Required<SandboxAccount>,
  ) {
    const details = await provider.interactionDetails(request, response);
    accounts.set(account.sub, account);
    const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  async function handleInteraction(request: IncomingMessage, response: ServerResponse, path: string) {
    const [, , uid = '', action = ''] = path.split('/');
    if (request.method === 'GET' && action === '') {
      if (autoAccount) {
        await signIn(request, response, autoAccount);
        return;
      }
      const details = await provider.interactionDetails(request, response);
      const client = options.clients.find((entry) => entry.clientId === details.params.client_id);
      sendHtml(response, 200, signInPage(uid, client?.standsInFor ?? 'the provider'));
      return;
    }
    if (request.method === 'POST' && action === 'login') {
      const form = new URLSearchParams(await readBody(request, FORM_BYTES_MAX));
      const email = (form.get('email') ?? '').trim().toLowerCase().slice(0, 200);
      const name = (form.get('name') ?? '').trim().slice(0, 100);
      if (!email.includes('@') || name === '') {
        sendHtml(response, 422, signInPage(uid, 'the provider', 'Enter a name and an email address.'));
        return;
      }
      await signIn(request, response, {
        sub: subjectOf(email),
        name,
        email,
        emailVerified: form.get('verified') === 'on',
      });
      return;
    }
    if (request.method === 'POST' && action === 'cancel') {
      await provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'The person cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    sendHtml(response, 404, '<p>Not found.</p>');
  }

  async function handleControl(request: IncomingMessage, response: ServerResponse) {
    if (request.method === 'DELETE') {
      autoAccount = null;
      response.writeHead(204).end();
      return;
    }
    const body = JSON.parse(await readBody(request, CONTROL_BYTES_MAX)) as SandboxAccount;
    const email = body.email?.toLowerCase() ?? '';
    autoAccount = {
      sub: body.sub ?? subjectOf(email || randomBytes(8).toString('hex')),
      name: body.name ?? '',
      email,
      emailVerified: body.emailVerified === true,
    };
    response.writeHead(204).end();
  }

  const handleProtocol = provider.callback();
  server.on('request', (request, response) => {
    const path = new URL(request.url ?? '/', issuer).pathname;
    const handled = path.startsWith('/interaction/')
      ? handleInteraction(request, response, path)
      : path === '/sandbox/auto-sign-in' && (request.method === 'PUT' || request.method === 'DELETE')
        ? handleControl(request, response)
        : null;
    if (!handled) {
      handleProtocol(request, response);
      return;
    }
    handled.catch((error: unknown) => {
      if (!response.headersSent) sendHtml(response, 400, `<p>${escapeHtml(String(error))}</p>`);
      else response.end();
    });
  });

  return {
    issuer,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The same email address is the same person at the sandbox, as at a real provider. */
function subjectOf(email: string): string {
  return `sandbox-${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;
}

async function readBody(request: IncomingMessage, bytesMax: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > bytesMax) throw new Error('the request body is too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendHtml(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Identity sandbox</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f1f3f6;
    font: 16px/1.5 system-ui, sans-serif; color: #1d2433; }
  main { width: min(92vw, 380px); background: #fff; border-radius: 16px; padding: 28px;
    box-shadow: 0 8px 30px rgba(0,0,0,.08); }
  h1 { font-size: 20px; margin: 0 0 4px; } p { margin: 0 0 20px; color: #5b6578; font-size: 14px; }
  label { display: block; font-size: 14px; font-weight: 600; margin-bottom: 14px; }
  input[type=text], input[type=email] { display: block; width: 100%; box-sizing: border-box; margin-top: 6px;
    padding: 10px 12px; border: 1px solid #c9cfda; border-radius: 8px; font: inherit; }
  .check { display: flex; gap: 8px; align-items: center; font-weight: 400; }
  .actions { display: flex; gap: 10px; margin-top: 20px; }
  button { flex: 1; min-height: 44px; border-radius: 8px; border: 1px solid #c9cfda; background: #fff;
    font: inherit; font-weight: 600; cursor: pointer; }
  button.primary { background: #1d4ed8; border-color: #1d4ed8; color: #fff; }
  .error { color: #b42318; font-weight: 600; }
  .note { font-size: 12px; margin: 18px 0 0; }
</style></head><body><main>${body}</main></body></html>`);
}

function signInPage(uid: string, standsInFor: string, error?: string): string {
  const action = `/interaction/${encodeURIComponent(uid)}`;
  return `<h1>Sign in</h1>
<p>Identity sandbox, standing in for ${escapeHtml(standsInFor)} sign-in on this machine.</p>
${error ? `<p class="error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}/login">
  <label>Name<input type="text" name="name" value="Juan dela Cruz" maxlength="100" autocomplete="name" required></label>
  <label>Email<input type="email" name="email" value="juan@example.ph" maxlength="200" autocomplete="email" required></label>
  <label class="check"><input type="checkbox" name="verified" checked> The provider has verified this email</label>
  <div class="actions">
    <button type="submit" formaction="${action}/cancel" formnovalidate>Cancel</button>
    <button type="submit" class="primary">Continue</button>
  </div>
</form>
<p class="note">No password: this sandbox signs in whoever you name. It never runs in production.</p>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
