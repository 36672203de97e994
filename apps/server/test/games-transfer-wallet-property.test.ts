import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsClient, createAccountsClient } from './support/accounts-client.ts';
import { fund, memberIdOf } from './support/game-fixtures.ts';
import {
  startTransferWorld,
  TRANSFER_VENDOR,
  type TransferWorld,
  type VendorFault,
} from './support/transfer-vendor-fixtures.ts';

/**
 * Random histories of moves between the main wallet and the transfer vendor, over the sandbox's
 * real HTTP protocol, with the vendor's failures injected: refusals, errors, connections cut before
 * or after the vendor applied the move, repeated request ids and recalls; then the settling job.
 * Whatever happened, once settled: the member's cash plus their balance at the vendor is what it
 * was, no transfer is left pending, each request id had one effect on the ledger, the ledger sums
 * to zero with no player below zero, and the vendor's clearing account holds what the vendor does.
 */
const RUNS = Number(process.env.TRANSFER_WALLET_PROPERTY_RUNS ?? 20);
const FAULTS: (VendorFault | null)[] = [null, null, 'drop', 'apply_then_drop', 'refuse', 'error'];

type Operation =
  | { kind: 'in' | 'out'; amountMinor: bigint; fault: VendorFault | null }
  | { kind: 'recall'; fault: VendorFault | null }
  | { kind: 'repeat'; index: number };

const fault = fc.constantFrom(...FAULTS);
const amountMinor = fc.bigInt({ min: 1n, max: 400_000n });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('in' as const), amountMinor, fault }),
  fc.record({ kind: fc.constant('in' as const), amountMinor, fault }),
  fc.record({ kind: fc.constant('out' as const), amountMinor, fault }),
  fc.record({ kind: fc.constant('recall' as const), fault }),
  fc.record({ kind: fc.constant('repeat' as const), index: fc.nat(20) }),
);

describe('transfer wallets, property', () => {
  let world: TransferWorld;
  let member: AccountsClient;
  let memberId: string;

  beforeAll(async () => {
    world = await startTransferWorld();
    memberId = await memberIdOf(world.testApp, 'demo');
    await fund(world.testApp, memberId, 1_000_000n, 'transfer-property-fund');
    member = createAccountsClient(world.testApp.app, '203.0.113.91');
    expect((await member.logIn('demo', 'Demo1234')).success).toBe(true);
  }, 180_000);
  afterAll(async () => {
    await world?.close();
  });

  const db = () => world.testApp.database.db;
  const cash = async () =>
    (await world.testApp.app.wallet.getBalances({ merchantId: world.merchantId, memberId, currency: 'PHP' }))
      .cashMinor;
  const held = async () => (await cash()) + (await world.vendorBalance(memberId));

  it('conserves the member money, settles everything, and moves each request once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 10 }), async (operations) => {
        const start = await held();
        const sent: {
          body: Record<string, string>;
          reply: { status: number; body: Record<string, unknown> };
        }[] = [];
        for (const step of operations) {
          if (step.kind === 'repeat') {
            const earlier = sent[step.index % Math.max(sent.length, 1)];
            if (!earlier) continue;
            const before = await held();
            const reply = await member.call('POST', '/wps/v2/wallets/transfer', earlier.body);
            // The first answer again: the same transfer, or the same refusal; nothing moves.
            expect(reply.status).toBe(earlier.reply.status);
            const first = earlier.reply.body.value as { transferId?: string } | undefined;
            if (first?.transferId) expect(reply.body.value.transferId).toBe(first.transferId);
            else expect(reply.body.code).toBe(earlier.reply.body.code);
            expect(await held()).toBe(before);
            continue;
          }
          await world.injectFaults(step.fault ? [step.fault] : []);
          if (step.kind === 'recall') {
            const reply = await member.call('POST', '/wps/v2/wallets/recall', {
              requestId: `p-${randomUUID()}`,
            });
            expect(reply.status).toBe(200);
            continue;
          }
          const body = {
            from: step.kind === 'in' ? 'MAIN' : TRANSFER_VENDOR,
            to: step.kind === 'in' ? TRANSFER_VENDOR : 'MAIN',
            amount: `${step.amountMinor / 100n}.${String(step.amountMinor % 100n).padStart(2, '0')}`,
            requestId: `p-${randomUUID()}`,
          };
          const reply = await member.call('POST', '/wps/v2/wallets/transfer', body);
          if (reply.status === 200) expect(['DONE', 'PENDING']).toContain(reply.body.value.status);
          else
            expect(`${reply.status} ${reply.body.code}`).toMatch(/^(422 INSUFFICIENT_FUNDS|409 CONFLICT)$/);
          sent.push({ body, reply: { status: reply.status, body: reply.body } });
        }

        await world.injectFaults([]);
        for (let pass = 0; pass < 3; pass += 1)
          await world.testApp.app.vendorTransfers.settlePending({ minAgeMs: 0 });
        expect(await held()).toBe(start);

        const rows = await db()
          .selectFrom('vendor_transfers')
          .selectAll()
          .where('member_id', '=', memberId)
          .execute();
        expect(rows.filter((row) => row.status === 'pending')).toEqual([]);
        const keys = await db()
          .selectFrom('ledger_transfers')
          .select('idempotency_key')
          .where('idempotency_key', 'like', 'vendor-transfer:%')
          .execute();
        const stepsOf = new Map<string, string[]>();
        for (const { idempotency_key: key } of keys) {
          const [, id = '', step = ''] = key.split(':');
          stepsOf.set(id, [...(stepsOf.get(id) ?? []), step].sort());
        }
        for (const row of rows) {
          const steps = stepsOf.get(row.id) ?? [];
          if (row.direction === 'in' && row.status === 'done') expect(steps).toEqual(['in']);
          if (row.direction === 'in' && row.status === 'failed')
            expect([[], ['in', 'refund']]).toContainEqual(steps);
          if (row.direction === 'out' && row.status === 'done') expect(steps).toEqual(['out']);
          if (row.direction === 'out' && row.status === 'failed') expect(steps).toEqual([]);
        }
        // No request id has two transfers (the unique constraint), and none lost its transfer.
        expect(new Set(rows.map((row) => row.request_id)).size).toBe(rows.length);

        const sums = await sql<{ total: string; lowest: string; clearing: string }>`
          select coalesce(sum(balance_minor), 0)::text as total,
                 coalesce(min(balance_minor) filter (where kind <> 'house'), 0)::text as lowest,
                 coalesce(sum(balance_minor) filter (where purpose = 'vendor_wallet:diwata'), 0)::text as clearing
          from ledger_accounts where merchant_id = ${world.merchantId} and currency = 'PHP'`.execute(db());
        const totals = sums.rows[0];
        expect(BigInt(totals?.total ?? 'x')).toBe(0n);
        expect(BigInt(totals?.lowest ?? 'x')).toBeGreaterThanOrEqual(0n);
        expect(BigInt(totals?.clearing ?? 'x')).toBe(await world.vendorBalance(memberId));
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
