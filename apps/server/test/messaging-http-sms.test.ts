import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessenger } from '../src/platform/messaging/messenger.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let gateway: Server;
let gatewayUrl: string;
let answerStatus = 200;
const received: { authorization: string | undefined; body: unknown }[] = [];

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

beforeAll(async () => {
  // A stand-in SMS gateway speaking the HTTP protocol the provider implements.
  gateway = createServer(async (request, response) => {
    received.push({ authorization: request.headers.authorization, body: await readBody(request) });
    response.writeHead(answerStatus, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
  testApp = await createSeededApp({ sms: { kind: 'http', url: gatewayUrl, token: 'gateway-token' } });
});
afterAll(async () => {
  await testApp.close();
  await new Promise((resolve) => gateway.close(resolve));
});

async function merchantId(): Promise<string> {
  const row = await testApp.database.db.selectFrom('merchants').select('id').executeTakeFirstOrThrow();
  return row.id;
}

describe('the HTTP SMS provider', () => {
  it('posts the code through the gateway and records it as sent', async () => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin?language=EN',
      payload: { countryDialingCode: '+63', mobileNum: '09171234567' },
    });
    expect(reply.json().success).toBe(true);
    expect(received.at(-1)).toMatchObject({
      authorization: 'Bearer gateway-token',
      body: { to: '+639171234567', reference: 'noLogin' },
    });
    const sent = received.at(-1)?.body as { text?: string } | undefined;
    expect(sent?.text).toMatch(/Your Panalo code is \d{6}\./);
    const row = await testApp.database.db
      .selectFrom('outbox_messages')
      .select(['provider', 'status'])
      .where('destination', '=', '+639171234567')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ provider: 'http', status: 'sent' });
  });

  it('records a refused message as failed and says so', async () => {
    answerStatus = 503;
    const messenger = createMessenger({
      db: testApp.database.db,
      config: { sms: { kind: 'http', url: gatewayUrl, token: undefined }, email: { kind: 'outbox' } },
    });
    await expect(
      messenger.send({
        merchantId: await merchantId(),
        channel: 'sms',
        destination: '+639170000000',
        purpose: 'test',
        body: 'hello',
      }),
    ).rejects.toThrow(/503/);
    const row = await testApp.database.db
      .selectFrom('outbox_messages')
      .select(['status', 'error'])
      .where('destination', '=', '+639170000000')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', error: 'SMS gateway answered 503' });
    answerStatus = 200;
  });
});
