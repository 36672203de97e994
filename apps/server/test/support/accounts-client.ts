import { sealPayload } from '@panalo/crypto/sealed-payload.ts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { TestApp } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A player's browser against the app: sealed bodies, its bearer token and its cookies. */
export type AccountsClient = {
  token: string | null;
  cookies: Record<string, string>;
  ip: string;
  call(
    method: Method,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: Envelope; headers: Record<string, unknown> }>;
  sealed(
    method: Method,
    url: string,
    body: unknown,
  ): Promise<{ status: number; body: Envelope; headers: Record<string, unknown> }>;
  logIn(username: string, password: string, extra?: Record<string, unknown>): Promise<Envelope>;
};

export type Envelope = {
  success: boolean;
  code?: string;
  message?: string;
  // biome-ignore lint/suspicious/noExplicitAny: replies are read field by field in assertions.
  value?: any;
};

export function createAccountsClient(app: FastifyInstance, ip = '203.0.113.10'): AccountsClient {
  const client: AccountsClient = {
    token: null,
    cookies: {},
    ip,
    async call(method, url, body) {
      const options: InjectOptions = {
        method,
        url: url.includes('?') ? `${url}&language=EN` : `${url}?language=EN`,
        remoteAddress: client.ip,
        headers: {
          ...(client.token ? { authorization: `Bearer ${client.token}` } : {}),
          ...(Object.keys(client.cookies).length > 0
            ? {
                cookie: Object.entries(client.cookies)
                  .map(([name, value]) => `${name}=${value}`)
                  .join('; '),
              }
            : {}),
        },
        ...(body === undefined ? {} : { payload: body as object }),
      };
      const response = await app.inject(options);
      for (const cookie of response.cookies) client.cookies[cookie.name] = cookie.value;
      return { status: response.statusCode, body: response.json() as Envelope, headers: response.headers };
    },
    async sealed(method, url, body) {
      const key = (await client.call('GET', '/wps/system/publicKey')).body.value;
      return client.call(method, url, await sealPayload(body, key));
    },
    async logIn(username, password, extra = {}) {
      const reply = await client.sealed('POST', '/wps/session/login', {
        type: 'username',
        username,
        password,
        ...extra,
      });
      if (reply.body.success) client.token = reply.body.value.token;
      return reply.body;
    },
  };
  return client;
}

/** The newest code the outbox holds for a destination (the message a player would read). */
export async function readLatestCode(testApp: TestApp, destination: string): Promise<string> {
  const row = await testApp.database.db
    .selectFrom('outbox_messages')
    .select('body')
    .where('destination', '=', destination)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(row.body)?.[1];
  if (!code) throw new Error(`no code in "${row.body}"`);
  return code;
}
