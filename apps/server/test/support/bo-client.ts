import { createHash, randomBytes } from 'node:crypto';
import { sealPayload } from '@panalo/crypto/sealed-payload.ts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { decodeBase32, hotp, totpStepAt } from '../../src/platform/crypto/totp.ts';
import type { Envelope } from './accounts-client.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Reply = { status: number; body: Envelope; headers: Record<string, unknown> };

/** An operator's browser against the app: sealed credentials and its bearer token. */
export type BackOfficeClient = {
  token: string | null;
  ip: string;
  /** The browser's cookies (the captcha's captchaId). */
  cookies: Record<string, string>;
  call(method: Method, url: string, body?: unknown): Promise<Reply>;
  sealed(method: Method, url: string, body: unknown): Promise<Reply>;
  /** POST /bo/auth/login with whatever the step needs. */
  logIn(body: { username: string; password: string; code?: string; captcha?: string }): Promise<Reply>;
};

export function createBackOfficeClient(app: FastifyInstance, ip = '192.0.2.10'): BackOfficeClient {
  const client: BackOfficeClient = {
    token: null,
    ip,
    cookies: {},
    async call(method, url, body) {
      const cookie = Object.entries(client.cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; ');
      const options: InjectOptions = {
        method,
        url: url.includes('?') ? `${url}&language=EN` : `${url}?language=EN`,
        remoteAddress: client.ip,
        headers: {
          ...(client.token ? { authorization: `Bearer ${client.token}` } : {}),
          ...(cookie ? { cookie } : {}),
        },
        ...(body === undefined ? {} : { payload: body as object }),
      };
      const response = await app.inject(options);
      for (const set of response.cookies) client.cookies[set.name] = set.value;
      // A few routes answer a file (a receipt image): there is no envelope to read then.
      const isJson = String(response.headers['content-type'] ?? '').includes('json');
      const answer = isJson ? (response.json() as Envelope) : { success: response.statusCode < 400 };
      return { status: response.statusCode, body: answer, headers: response.headers };
    },
    async sealed(method, url, body) {
      const key = (await client.call('GET', '/wps/system/publicKey')).body.value;
      return client.call(method, url, await sealPayload(body, key));
    },
    async logIn(body) {
      const reply = await client.sealed('POST', '/bo/auth/login', body);
      if (reply.body.success) client.token = reply.body.value.token;
      return reply;
    },
  };
  return client;
}

/** The code an authenticator app shows for a base32 secret at a moment. */
export function authenticatorCode(secret: string, atMs: number): string {
  return hotp(decodeBase32(secret), totpStepAt(atMs));
}

/**
 * Signs an operator in the whole way: password, then enrolment or the authenticator code. Answers
 * the secret (read from the enrolment, or the one passed in) for later sign-ins. The caller's clock
 * must move on by a step between two sign-ins, as one code never signs in twice.
 */
export async function signInOperator(
  client: BackOfficeClient,
  input: { username: string; password: string; secret?: string; nowMs: number },
): Promise<string> {
  const first = await client.logIn({ username: input.username, password: input.password });
  if (first.body.code !== 'VERIFICATION_REQUIRED') {
    throw new Error(`expected VERIFICATION_REQUIRED, got ${JSON.stringify(first.body)}`);
  }
  const secret: string | undefined = first.body.value.secret ?? input.secret;
  if (!secret) throw new Error('no authenticator secret for an enrolled operator');
  const second = await client.logIn({
    username: input.username,
    password: input.password,
    code: authenticatorCode(secret, input.nowMs),
  });
  if (!second.body.success) throw new Error(`sign-in failed: ${JSON.stringify(second.body)}`);
  return secret;
}

/**
 * A second merchant beside the demo one, with nothing but its row: enough for operators and
 * roles to belong to it.
 */
export async function insertOtherMerchant(db: Kysely<Database>, code: string): Promise<string> {
  const id = `merchant-${code}`;
  await db
    .insertInto('merchants')
    .values({
      id,
      code,
      name: code,
      currency: 'PHP',
      currency_symbol: '₱',
      time_zone: 'Asia/Manila',
      default_language: 'EN',
      languages: ['EN'],
      maintenance_title: null,
      maintenance_message: null,
      settings: JSON.stringify({}),
    })
    .execute();
  return id;
}

/**
 * An operator with a live session, made straight in the database for tests about what a session
 * may do (how one is obtained is the sign-in tests' business). Answers the operator id and token.
 */
export async function insertOperatorWithSession(
  db: Kysely<Database>,
  input: { username: string; merchantId: string | null; roleId: string; nowMs: number },
): Promise<{ id: string; token: string }> {
  const id = `op-${input.username}`;
  await db
    .insertInto('operators')
    .values({
      id,
      merchant_id: input.merchantId,
      username: input.username,
      username_key: input.username.toLowerCase(),
      display_name: input.username,
      role_id: input.roleId,
      // Never used to sign in: these operators only ever present their session token.
      password_hash: 'not-a-hash',
      totp_enabled_at: new Date(input.nowMs),
    })
    .execute();
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('operator_sessions')
    .values({
      id: `session-${input.username}`,
      token_hash: createHash('sha256').update(token).digest('hex'),
      operator_id: id,
      idle_expires_at: new Date(input.nowMs + 24 * 3600_000),
      expires_at: new Date(input.nowMs + 24 * 3600_000),
      created_at: new Date(input.nowMs),
      last_seen_at: new Date(input.nowMs),
    })
    .execute();
  return { id, token };
}
