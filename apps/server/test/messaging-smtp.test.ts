import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let relay: SMTPServer;
const delivered: { from: string; to: string[]; data: string }[] = [];

beforeAll(async () => {
  // A local SMTP relay that keeps what it is given.
  relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        delivered.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const port = (relay.server.address() as AddressInfo).port;
  testApp = await createSeededApp({
    email: {
      kind: 'smtp',
      url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: 'Panalo <no-reply@panalo.example>',
    },
  });
});
afterAll(async () => {
  await testApp.close();
  await new Promise<void>((resolve) => relay.close(() => resolve()));
});

describe('the SMTP email provider', () => {
  it('sends the password reset email through the relay and records it as sent', async () => {
    const reply = await testApp.app.inject({
      method: 'POST',
      url: '/wps/member/password/email?language=EN',
      payload: { username: 'demo', email: 'demo@panalo.example' },
    });
    expect(reply.json().success).toBe(true);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ from: 'no-reply@panalo.example', to: ['demo@panalo.example'] });
    expect(delivered[0]?.data).toContain('Subject: Set a new Panalo password');
    expect(delivered[0]?.data).toMatch(/resetPassword=/);
    const row = await testApp.database.db
      .selectFrom('outbox_messages')
      .select(['provider', 'status', 'channel'])
      .where('destination', '=', 'demo@panalo.example')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ provider: 'smtp', status: 'sent', channel: 'email' });
  });
});
