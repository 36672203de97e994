import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { signRequest } from '@panalo/crypto/request-signature.ts';
import { formatAmount } from '@panalo/money/amount.ts';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { type DatabaseHandle, openDatabase } from '../src/platform/db/database.ts';
import { seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { seedDemoMerchant } from '../src/seed/demo-merchant.ts';

/**
 * Issue 5's crash test: the real server takes a load of deposits (signed gateway callbacks) and
 * bets and wins (signed /wallet/v1 calls), is killed with SIGKILL in the middle, and is started
 * again on the same PostgreSQL database. Every call it acknowledged must be in the ledger, the
 * ledger must still balance to zero with no player below zero, and re-sending every call (as
 * gateways and vendors do until they see OK) must change nothing that was already done.
 */
const serverUrl = process.env.DATABASE_URL;
const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const PLAYERS = 12;
const DEPOSITS_PER_PLAYER = 4;
const BETS_PER_PLAYER = 40;
const KILL_AFTER_MS = 1_500;
const READY_TIMEOUT_MS = 60_000;
const GATEWAY_SECRET = 'crash-test-gateway-secret-0123456789';
const VENDOR_SECRET = 'crash-test-vendor-secret-0123456789';
const APP_SECRET = randomBytes(32).toString('hex');

type Call = {
  path: string;
  body: Record<string, unknown>;
  secret: string;
  signing: 'pay' | 'wallet';
  key: string;
};

let databaseUrl: string;
let databaseName: string;
let database: DatabaseHandle;
let server: ChildProcess | null = null;
let baseUrl: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<void> {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      APP_SECRET,
      PUBLIC_ORIGIN: baseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      START_SANDBOXES: 'false',
      RUN_JOBS: 'false',
      LOG_LEVEL: 'silent',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become ready');
}

/** Resolves when the process has exited (at once if it already has). */
function stopped(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Sends a signed call; answers whether the server acknowledged it (HTTP 200 and status OK). */
async function send(call: Call): Promise<boolean> {
  const body = JSON.stringify(call.body);
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = signRequest(call.secret, timestamp, body);
  const headers: Record<string, string> =
    call.signing === 'pay'
      ? { 'x-pay-timestamp': String(timestamp), 'x-pay-signature': signature }
      : { 'x-timestamp': String(timestamp), 'x-signature': signature };
  try {
    const response = await fetch(`${baseUrl}${call.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await response.json()) as { status?: string };
    return response.status === 200 && answer.status === 'OK';
  } catch {
    // Killed mid-request: not acknowledged.
    return false;
  }
}

beforeAll(async () => {
  if (!serverUrl) return;
  databaseName = `panalo_crash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  database = await openDatabase({ kind: 'postgres', connectionString: databaseUrl, poolSize: 5 });
  await migrateToLatest(database.db);
  await seedDemoMerchant(database.db);
  await seedDemoAccounts(database.db);
});

afterAll(async () => {
  if (!serverUrl) return;
  server?.kill('SIGKILL');
  await database.close();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
});

describe.skipIf(!serverUrl)('the ledger across a crash (PostgreSQL)', () => {
  it('keeps every acknowledged call, balances to zero, and applies every call once after retries', {
    timeout: 240_000,
  }, async () => {
    // Fixtures through the platform's own services, with the server's secret so it can open them.
    const config = {
      ...loadConfig({ NODE_ENV: 'test' }),
      appSecret: Buffer.from(APP_SECRET, 'hex'),
      runJobs: false,
    };
    const app = await buildApp({ config, database: { ...database, close: async () => undefined } });
    const merchantId = (
      await database.db
        .selectFrom('merchants')
        .select('id')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow()
    ).id;
    const method = await app.payments.createMethod({
      merchantId,
      code: 'gcash',
      kind: 'gateway',
      names: { EN: 'GCash' },
      minMinor: 100n,
      maxMinor: 100_000_000n,
      playerDailyMaxMinor: null,
      gateway: {
        baseUrl: 'http://127.0.0.1:9',
        merchantNo: 'CRASH',
        channel: 'GCASH',
        secret: GATEWAY_SECRET,
      },
    });
    const vendor = await app.games.registerVendor({
      merchantId,
      vassalage: 'CRASH',
      name: 'Crash Test Vendor',
      launchUrl: 'http://127.0.0.1:9/play/{gameCode}',
      secret: VENDOR_SECRET,
    });
    await app.games.importCatalogue(merchantId, vendor, {
      vendor: 'CRASH',
      name: 'Crash Test Vendor',
      games: [
        {
          gameCode: 'coin',
          names: { EN: 'Coin', TY: 'Barya' },
          gameType: 'RNG',
          iconUrl: 'http://127.0.0.1:9/coin.svg',
          demo: false,
        },
      ],
    });
    const game = await app.games.findGameByNodeId(merchantId, 'CRASH_coin');
    if (!game) throw new Error('the test game is missing');

    const calls: Call[] = [];
    const tokens: string[] = [];
    for (let index = 0; index < PLAYERS; index += 1) {
      const member = await app.members.createMember({ merchantId, account: `crash${index}`, password: null });
      const { session } = await app.members.startSession({
        member,
        policy: { idleMinutes: 600, absoluteMinutes: 720 },
        method: 'username',
        agentPage: false,
        passwordChangeRequired: false,
        ip: '127.0.0.1',
        country: null,
        userAgent: null,
      });
      const token = await app.games.issueLaunchToken({
        merchantId,
        memberId: member.id,
        sessionId: session.id,
        game,
      });
      tokens.push(token);
      for (let deposit = 0; deposit < DEPOSITS_PER_PLAYER; deposit += 1) {
        const amountMinor = BigInt(10_000 + deposit * 2_500);
        const row = await app.payments.createDeposit({
          merchantId,
          memberId: member.id,
          method,
          currency: 'PHP',
          amountMinor,
          status: 'pending',
        });
        calls.push({
          path: `/pay/hosted/${method.id}/callback`,
          signing: 'pay',
          secret: GATEWAY_SECRET,
          key: `deposit:${row.id}`,
          body: {
            merchantNo: 'CRASH',
            orderId: row.id,
            gatewayOrderId: `G${row.id.slice(-12)}`,
            amount: formatAmount(amountMinor),
            currency: 'PHP',
            status: 'PAID',
          },
        });
      }
      for (let bet = 0; bet < BETS_PER_PLAYER; bet += 1) {
        const transactionId = `crash-${index}-${bet}`;
        const isWin = bet % 3 === 2;
        calls.push({
          path: `/wallet/v1/${isWin ? 'credit' : 'debit'}`,
          signing: 'wallet',
          secret: VENDOR_SECRET,
          key: `vendor:${vendor.id}:${transactionId}`,
          body: {
            vendor: 'CRASH',
            playerToken: token,
            currency: 'PHP',
            transactionId,
            // A win belongs to the stake placed just before it in the same round.
            roundId: `round-${index}-${Math.floor(bet / 3)}`,
            gameCode: 'coin',
            amount: isWin ? '7.50' : '5.00',
          },
        });
      }
    }
    await app.close();

    await startServer();
    // The vendor opens its launch tokens first, as a game page does.
    for (const token of tokens) {
      await send({
        path: '/wallet/v1/authenticate',
        signing: 'wallet',
        secret: VENDOR_SECRET,
        key: 'authenticate',
        body: { vendor: 'CRASH', playerToken: token, currency: 'PHP' },
      });
    }

    // Deposits first in each player's order, bets after; the players run side by side.
    const acknowledged = new Set<string>();
    const perPlayer = new Map<string, Call[]>();
    for (const call of calls) {
      const owner = String(call.body.playerToken ?? call.body.orderId);
      const key = call.signing === 'wallet' ? owner : `deposits`;
      perPlayer.set(key, [...(perPlayer.get(key) ?? []), call]);
    }
    const deposits = perPlayer.get('deposits') ?? [];
    perPlayer.delete('deposits');
    const load = (async () => {
      await Promise.all(deposits.map(async (call) => (await send(call)) && acknowledged.add(call.key)));
      await Promise.all(
        [...perPlayer.values()].map(async (playerCalls) => {
          for (const call of playerCalls) if (await send(call)) acknowledged.add(call.key);
        }),
      );
    })();
    await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
    server?.kill('SIGKILL');
    await load;
    await stopped(server);
    // The kill landed in the middle: some calls were answered, and some were not.
    expect(acknowledged.size).toBeGreaterThan(0);
    expect(acknowledged.size).toBeLessThan(calls.length);

    const keysInLedger = async () =>
      new Set(
        (await database.db.selectFrom('ledger_transfers').select('idempotency_key').execute()).map(
          (row) => row.idempotency_key,
        ),
      );
    const afterCrash = await keysInLedger();
    const lost = [...acknowledged].filter((key) => !afterCrash.has(key));
    expect(lost).toEqual([]);

    // Started again, and every call re-sent (retried) in its order: each applies once.
    await startServer();
    for (const call of deposits) await send(call);
    await Promise.all(
      [...perPlayer.values()].map(async (playerCalls) => {
        for (const call of playerCalls) await send(call);
      }),
    );
    server?.kill('SIGTERM');
    await stopped(server);

    const totals = await sql<{ currency: string; total: string }>`
      select currency, sum(balance_minor)::text as total from ledger_accounts group by currency`.execute(
      database.db,
    );
    expect(totals.rows.map((row) => [row.currency, row.total])).toEqual([['PHP', '0']]);
    const negative = await sql<{ count: string }>`
      select count(*)::text as count from ledger_accounts
       where kind <> 'house' and balance_minor < 0`.execute(database.db);
    expect(negative.rows[0]?.count).toBe('0');
    // Replaying the transfer log rebuilds every account's balance.
    const drift = await sql<{ count: string }>`
      with moves as (
        select debit_account_id as account_id, -amount_minor as amount from ledger_transfers
        union all select credit_account_id, amount_minor from ledger_transfers)
      select count(*)::text as count from ledger_accounts a
       where a.balance_minor <> coalesce((select sum(amount) from moves where moves.account_id = a.id), 0)`.execute(
      database.db,
    );
    expect(drift.rows[0]?.count).toBe('0');
    // Every deposit credited exactly once, and every call's key at most once.
    const final = await database.db
      .selectFrom('ledger_transfers')
      .select(['idempotency_key'])
      .select((select) => select.fn.countAll<string>().as('times'))
      .groupBy('idempotency_key')
      .having((having) => having.fn.countAll(), '>', 1)
      .execute();
    expect(final).toEqual([]);
    const credited = await database.db
      .selectFrom('deposits')
      .select('status')
      .where('method_id', '=', method.id)
      .execute();
    expect(credited.every((row) => row.status === 'credited')).toBe(true);
    expect(credited).toHaveLength(PLAYERS * DEPOSITS_PER_PLAYER);
  });
});
