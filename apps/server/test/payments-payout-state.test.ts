import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signRequest } from '@panalo/crypto/request-signature.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_RESEND_AFTER_MS } from '../src/modules/payment/withdrawal.service.ts';
import type { AccountsClient } from './support/accounts-client.ts';
import { insertOperatorWithSession } from './support/bo-client.ts';
import { createFundedMember, type FundedMember } from './support/funded-member.ts';
import { createSeededApp, patchDemoSettings } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

const MERCHANT_NO = 'PAYOUT-STATE';
const SECRET = 'the-payout-gateway-secret-of-this-test-0123';

/**
 * A payout gateway that takes every payout and reports nothing by itself: the test decides when
 * the gateway's callback arrives, so a payout stays in flight for as long as a test needs. A test
 * may queue how the next calls end instead: `refuse` answers that the payout was not taken, `drop`
 * takes it and loses the answer (the connection closes).
 */
type StandInGateway = {
  url: string;
  payoutIds: string[];
  /** The notifyUrl of every payout taken, in order. */
  notifyUrls: string[];
  nextAnswers: Array<'refuse' | 'drop'>;
  close(): Promise<void>;
};

async function startStandInGateway(): Promise<StandInGateway> {
  const payoutIds: string[] = [];
  const notifyUrls: string[] = [];
  const nextAnswers: StandInGateway['nextAnswers'] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const payload = JSON.parse(body) as { payoutId: string; notifyUrl: string };
      const answer = nextAnswers.shift();
      if (answer === 'refuse') {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ status: 'ERROR', message: 'the account is blocked' }));
        return;
      }
      payoutIds.push(payload.payoutId);
      notifyUrls.push(payload.notifyUrl);
      if (answer === 'drop') {
        request.socket.destroy();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'OK', gatewayPayoutId: `GW${payoutIds.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    payoutIds,
    notifyUrls,
    nextAnswers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let nowMs = Date.parse('2026-03-02T04:00:00Z');
let testApp: TestApp;
let gateway: StandInGateway;
let member: FundedMember;
let player: AccountsClient;
let accountId: string;
let operatorToken: string;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
  gateway = await startStandInGateway();
  member = await createFundedMember(testApp, {
    account: 'payoutstate',
    password: 'Payout123',
    gateway: { baseUrl: gateway.url, merchantNo: MERCHANT_NO, secret: SECRET },
  });
  player = member.player;
  await patchDemoSettings(testApp, {
    withdrawal: { minAmount: '100.00', maxAmount: '50000.00', turnoverMultiplier: 0 },
  });
  await testApp.app.members.setPaymentPassword(member.memberId, '246810');
  const bound = await player.call('POST', '/wps/member/payoutAccounts', {
    kind: 'ewallet',
    provider: 'gcash',
    accountName: 'Maria Santos',
    accountNumber: '09171234567',
  });
  accountId = bound.body.value.id;
  await member.creditDeposit(500_000n);
  operatorToken = (
    await insertOperatorWithSession(testApp.database.db, {
      username: 'cashier',
      merchantId: member.merchantId,
      roleId: 'finance',
      nowMs,
    })
  ).token;
});

afterAll(async () => {
  await gateway.close();
  await testApp.close();
});

const cash = async () =>
  (
    await testApp.app.wallet.getBalances({
      merchantId: member.merchantId,
      memberId: member.memberId,
      currency: 'PHP',
    })
  ).cashMinor;

async function requestWithdrawal(amount: string): Promise<string> {
  const reply = await player.sealed('POST', '/wps/payment/withdrawals', {
    payoutAccountId: accountId,
    amount,
    paymentPassword: '246810',
  });
  expect(reply.body.success).toBe(true);
  return reply.body.value.id;
}

type Decision = 'payout' | 'paid' | 'reject';

async function decide(decision: Decision, id: string, headers: Record<string, string> = {}) {
  const body =
    decision === 'payout'
      ? { methodId: member.gcash.id }
      : decision === 'reject'
        ? { reason: 'Refused by the cashier' }
        : { reason: 'Paid over the counter' };
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/bo/finance/withdrawals/${id}/${decision}`,
    headers: { ...headers, authorization: `Bearer ${operatorToken}` },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() };
}

/** The gateway's signed word on a payout, as it would deliver it. */
async function sendPayoutCallback(id: string, status: 'PAID' | 'FAILED', amount: string) {
  const body = JSON.stringify({
    merchantNo: MERCHANT_NO,
    payoutId: id,
    gatewayPayoutId: 'GW1',
    amount,
    currency: 'PHP',
    status,
    paidAt: new Date(nowMs).toISOString(),
  });
  const timestamp = Math.floor(nowMs / 1000);
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/pay/hosted/${member.gcash.id}/payout-callback`,
    headers: {
      'content-type': 'application/json',
      'x-pay-timestamp': String(timestamp),
      'x-pay-signature': signRequest(SECRET, timestamp, body),
    },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as { status: string } };
}

/** The ledger's moves of a withdrawal's hold, by code: what left or came back, and how often. */
async function holdMoves(id: string) {
  const rows = await testApp.database.db
    .selectFrom('ledger_transfers')
    .select('code')
    .where('idempotency_key', 'in', [`capture:withdrawal:${id}`, `release:withdrawal:${id}`])
    .execute();
  return rows.map((row) => row.code).sort();
}

async function statusOf(id: string) {
  const row = await testApp.database.db
    .selectFrom('withdrawals')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

describe('a payout in flight at the gateway', () => {
  it('cannot be marked paid or refused, and the gateway’s repeated word moves the money once', async () => {
    const id = await requestWithdrawal('300');
    expect(await cash()).toBe(470_000n);
    const approved = await decide('payout', id);
    expect(approved.body.value.status).toBe('paying');
    expect(gateway.payoutIds).toEqual([id]);

    // While the gateway holds the payout, no operator can pay or refuse it by hand.
    const burst = await Promise.all([
      decide('paid', id),
      decide('reject', id),
      decide('paid', id),
      decide('reject', id),
    ]);
    for (const reply of burst) {
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ code: 'CONFLICT', value: { status: 'paying' } });
    }
    expect(await statusOf(id)).toBe('paying');
    expect(await holdMoves(id)).toEqual([]);
    expect(await cash()).toBe(470_000n);

    // The gateway delivers its word twice at once: the payout is paid once.
    const callbacks = await Promise.all([
      sendPayoutCallback(id, 'PAID', '300.00'),
      sendPayoutCallback(id, 'PAID', '300.00'),
    ]);
    expect(callbacks.map((reply) => reply.body.status)).toEqual(['OK', 'OK']);
    expect(await statusOf(id)).toBe('paid');
    expect(await holdMoves(id)).toEqual(['withdrawal']);
    // A late, contradicting word changes nothing, and neither can an operator.
    expect((await sendPayoutCallback(id, 'FAILED', '300.00')).body.status).toBe('OK');
    expect((await decide('reject', id)).body.code).toBe('CONFLICT');
    expect((await decide('paid', id)).body.code).toBe('CONFLICT');
    expect(await statusOf(id)).toBe('paid');
    expect(await holdMoves(id)).toEqual(['withdrawal']);
    expect(await cash()).toBe(470_000n);
    expect(gateway.payoutIds).toEqual([id]);
    const decisions = await testApp.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', id)
      .execute();
    expect(decisions.map((row) => row.action)).toEqual(['withdrawal.approve']);
  });
});

describe('a payout sent to the gateway', () => {
  it('names a notifyUrl on the configured origin, whatever host the operator’s request named', async () => {
    const id = await requestWithdrawal('100');
    const approved = await decide('payout', id, {
      'x-forwarded-host': 'attacker.example',
      'x-forwarded-proto': 'https',
    });
    expect(approved.body.value.status).toBe('paying');
    const notifyUrl = new URL(gateway.notifyUrls.at(-1) ?? '');
    expect(notifyUrl.origin).toBe(testApp.config.publicOrigin);
    expect(notifyUrl.pathname).toBe(`/pay/hosted/${member.gcash.id}/payout-callback`);
    // Settle it, so that the member may open the next withdrawal of the tests below.
    expect((await sendPayoutCallback(id, 'PAID', '100.00')).body.status).toBe('OK');
  });
});

describe('a payout the gateway did not answer', () => {
  it('stays in flight, closed to a decision by hand, and is sent again as the same payout', async () => {
    const before = await cash();
    const id = await requestWithdrawal('150');
    gateway.nextAnswers.push('drop');
    const unanswered = await decide('payout', id);
    expect(unanswered.body).toMatchObject({ code: 'PAYMENT_UNAVAILABLE', value: { status: 'paying' } });
    expect(await statusOf(id)).toBe('paying');
    // The gateway may have the payout: it is not the operator's to pay or refuse by hand now.
    expect((await decide('paid', id)).body.code).toBe('CONFLICT');
    expect((await decide('reject', id)).body.code).toBe('CONFLICT');
    // Sent again only once the attempt before has surely ended, and then as the same payout.
    expect((await decide('payout', id)).body).toMatchObject({
      code: 'CONFLICT',
      value: { status: 'paying' },
    });
    nowMs += PAYOUT_RESEND_AFTER_MS;
    expect((await decide('payout', id)).body.value.status).toBe('paying');
    expect(gateway.payoutIds.filter((payoutId) => payoutId === id)).toEqual([id, id]);
    expect((await sendPayoutCallback(id, 'PAID', '150.00')).body.status).toBe('OK');
    expect(await statusOf(id)).toBe('paid');
    expect(await holdMoves(id)).toEqual(['withdrawal']);
    expect(await cash()).toBe(before - 15_000n);
  });

  it('goes back to review when the gateway refused it, and can then be decided by hand', async () => {
    const before = await cash();
    const id = await requestWithdrawal('100');
    gateway.nextAnswers.push('refuse');
    const refused = await decide('payout', id);
    expect(refused.body).toMatchObject({ code: 'PAYMENT_UNAVAILABLE', value: { status: 'review' } });
    expect(gateway.payoutIds).not.toContain(id);
    expect((await decide('paid', id)).body.value.status).toBe('paid');
    expect(await holdMoves(id)).toEqual(['withdrawal']);
    expect(await cash()).toBe(before - 10_000n);
  });
});

describe('simultaneous decisions on a withdrawal in review', () => {
  it('make exactly one move with one effect on the money', async () => {
    const before = await cash();
    const id = await requestWithdrawal('200');
    expect(await cash()).toBe(before - 20_000n);
    const decisions: Decision[] = ['payout', 'paid', 'reject', 'payout', 'paid', 'reject'];
    const replies = await Promise.all(decisions.map((decision) => decide(decision, id)));
    const won = replies.flatMap((reply, index) => (reply.body.success ? [decisions[index]] : []));
    expect(won).toHaveLength(1);
    for (const reply of replies.filter((each) => !each.body.success)) {
      expect(reply.body.code).toBe('CONFLICT');
    }
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', id)
      .execute();
    expect(audit).toHaveLength(1);
    const payoutsSent = gateway.payoutIds.filter((payoutId) => payoutId === id);
    if (won[0] === 'payout') {
      expect(await statusOf(id)).toBe('paying');
      expect(payoutsSent).toEqual([id]);
      expect(await holdMoves(id)).toEqual([]);
      expect(await cash()).toBe(before - 20_000n);
      expect((await sendPayoutCallback(id, 'PAID', '200.00')).body.status).toBe('OK');
      expect(await holdMoves(id)).toEqual(['withdrawal']);
    } else if (won[0] === 'paid') {
      expect(await statusOf(id)).toBe('paid');
      expect(payoutsSent).toEqual([]);
      expect(await holdMoves(id)).toEqual(['withdrawal']);
      expect(await cash()).toBe(before - 20_000n);
    } else {
      expect(await statusOf(id)).toBe('rejected');
      expect(payoutsSent).toEqual([]);
      expect(await holdMoves(id)).toEqual(['withdrawal_release']);
      expect(await cash()).toBe(before);
    }
  });
});
