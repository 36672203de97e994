import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type {
  AgentContractKind,
  AgentContractPeriod,
  AgentContractTierRow,
  Database,
} from '../../src/db/schema.ts';

/**
 * Contracts, bets and rewards written straight into the test database, at the times a test
 * chooses: the settlement reads them as it reads what the product writes.
 */

/** A contract signed to earn from `startsAt` (`uplineId` null: from the platform). */
export async function insertContract(
  db: Kysely<Database>,
  input: {
    merchantId: string;
    kind: AgentContractKind;
    period: AgentContractPeriod;
    uplineId: string | null;
    downlineId: string;
    tiers: AgentContractTierRow[];
    startsAt: Date;
    version?: number;
  },
): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto('agent_contracts')
    .values({
      id,
      merchant_id: input.merchantId,
      kind: input.kind,
      period: input.period,
      upline_id: input.uplineId,
      downline_id: input.downlineId,
      version: input.version ?? 1,
      tiers: JSON.stringify(input.tiers),
      rate_bp: Math.max(...input.tiers.map((tier) => tier.rateBp)),
      status: 'active',
      signed_at: input.startsAt,
      starts_at: input.startsAt,
      ended_at: null,
      end_reason: null,
      offer_id: null,
    })
    .execute();
  return id;
}

/** One tier: `rateBp` from `activeMembers` members and `minBase` pesos of base. */
export const tier = (activeMembers: number, minBase: string, rateBp: number): AgentContractTierRow => ({
  activeMembers,
  minBaseMinor: String(Math.round(Number(minBase) * 100)),
  rateBp,
});

/**
 * A vendor and a game of the merchant, for bets: a slot unless another game type is named, with a
 * house edge when one is given (rebates on theoretical loss read it).
 */
export async function insertBetGame(
  db: Kysely<Database>,
  merchantId: string,
  options: { gameType?: string; houseEdgeBp?: number | null } = {},
): Promise<{ vendorId: string; gameId: string }> {
  const vendorId = uuidv7();
  const gameId = uuidv7();
  const code = `V${vendorId.slice(-6).toUpperCase()}`;
  const gameType = options.gameType ?? 'SLOT';
  const name = options.gameType ?? 'Slot';
  await db
    .insertInto('game_vendors')
    .values({
      id: vendorId,
      merchant_id: merchantId,
      vassalage: code,
      name: code,
      launch_url: null,
      catalogue_url: null,
      secret_sealed: null,
    })
    .execute();
  await db
    .insertInto('games')
    .values({
      id: gameId,
      merchant_id: merchantId,
      vendor_id: vendorId,
      node_id: `${code}-1`,
      vassalage: code,
      game_type: gameType,
      game_code: `${gameType.toLowerCase()}-${code}`,
      names: JSON.stringify({ EN: name, TY: name }),
      icon_url: null,
      house_edge_bp: options.houseEdgeBp ?? null,
    })
    .execute();
  return { vendorId, gameId };
}

/**
 * A bet settled at `settledAt` (a time in the past, as a vendor's late report brings it): the bet
 * record's triggers give it its day, upline and valid bet and add it to the member rollups.
 */
export async function settleBetAt(
  db: Kysely<Database>,
  game: { merchantId: string; vendorId: string; gameId: string },
  bet: { memberId: string; stakeMinor: bigint; winMinor: bigint; settledAt: Date },
): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto('game_rounds')
    .values({
      id,
      merchant_id: game.merchantId,
      member_id: bet.memberId,
      game_id: game.gameId,
      vendor_id: game.vendorId,
      vendor_round_id: id,
      currency: 'PHP',
      stake_minor: bet.stakeMinor,
      win_minor: bet.winMinor,
      status: 'settled',
      server_seed_hash: null,
      client_seed: null,
      nonce: null,
      outcome: null,
      opened_at: bet.settledAt,
      settled_at: bet.settledAt,
    })
    .execute();
  return id;
}

/** A vendor's void of a settled bet after the fact: its figures leave the rollups. */
export async function voidBet(db: Kysely<Database>, roundId: string): Promise<void> {
  await db
    .updateTable('game_rounds')
    .set({ status: 'void', updated_at: new Date() })
    .where('id', '=', roundId)
    .execute();
}

/**
 * A reward (ledger code `bonus`) from the merchant's bonus funding house account to a member's
 * bonus wallet at a chosen time: the transfer row and both balances written as the ledger's own
 * function writes them, since the log takes no later edit of a time.
 */
export async function grantBonusAt(
  db: Kysely<Database>,
  input: { merchantId: string; memberId: string; amountMinor: bigint; at: Date },
): Promise<void> {
  await sql`
    insert into ledger_accounts (id, merchant_id, kind, owner_id, purpose, shard, currency)
    values (${uuidv7()}, ${input.merchantId}, 'house', null, 'bonus_funding', 0, 'PHP')
    on conflict do nothing`.execute(db);
  await sql`
    insert into ledger_accounts (id, merchant_id, kind, owner_id, purpose, shard, currency)
    values (${uuidv7()}, ${input.merchantId}, 'player_bonus', ${input.memberId}, null, 0, 'PHP')
    on conflict do nothing`.execute(db);
  await sql`
    with house as (
      update ledger_accounts set balance_minor = balance_minor - ${input.amountMinor}
      where merchant_id = ${input.merchantId} and kind = 'house' and purpose = 'bonus_funding' and shard = 0
        and currency = 'PHP'
      returning id, balance_minor
    ), member as (
      update ledger_accounts set balance_minor = balance_minor + ${input.amountMinor}
      where owner_id = ${input.memberId} and kind = 'player_bonus' and currency = 'PHP'
      returning id, balance_minor
    )
    insert into ledger_transfers (id, merchant_id, idempotency_key, code, reference, debit_account_id,
      credit_account_id, currency, amount_minor, debit_balance_after_minor, credit_balance_after_minor, created_at)
    select ${uuidv7()}, ${input.merchantId}, ${`test-bonus:${uuidv7()}`}, 'bonus', null, house.id, member.id, 'PHP',
      ${input.amountMinor}, house.balance_minor, member.balance_minor, ${input.at}
    from house, member`.execute(db);
}

/** Every ledger account's balance of a merchant sums to zero, and each equals its transfers. */
export async function ledgerProblems(db: Kysely<Database>, merchantId: string): Promise<string[]> {
  const result = await sql<{ problem: string }>`
    select 'total ' || sum(balance_minor)::text as problem from ledger_accounts
      where merchant_id = ${merchantId} having sum(balance_minor) <> 0
    union all
    select 'account ' || a.id from ledger_accounts a
      where a.merchant_id = ${merchantId} and a.balance_minor <> coalesce((
        select sum(case when t.credit_account_id = a.id then t.amount_minor else -t.amount_minor end)
        from ledger_transfers t where t.debit_account_id = a.id or t.credit_account_id = a.id), 0)
    union all
    select 'negative ' || a.id from ledger_accounts a
      where a.merchant_id = ${merchantId} and a.kind <> 'house' and a.balance_minor < 0`.execute(db);
  return result.rows.map((row) => row.problem);
}

/** A member's cash balance (0 without an account). */
export async function cashOf(db: Kysely<Database>, memberId: string): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('owner_id', '=', memberId)
    .where('kind', '=', 'player_cash')
    .executeTakeFirst();
  return row ? BigInt(row.balance_minor) : 0n;
}
