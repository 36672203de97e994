import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, MemberType } from '../../src/db/schema.ts';
import { type AccountsClient, createAccountsClient } from './accounts-client.ts';
import type { TestApp } from './test-app.ts';

/** A member inserted directly (no password): `type` 0 for a player, an agent type for an agent. */
export async function insertTeamMember(
  db: Kysely<Database>,
  merchantId: string,
  options: { type?: MemberType; uplineId?: string | null; account?: string } = {},
): Promise<string> {
  const id = uuidv7();
  const account = options.account ?? `m${id.slice(-12)}`;
  await db
    .insertInto('members')
    .values({
      id,
      merchant_id: merchantId,
      account,
      account_key: account.toLowerCase(),
      type: options.type ?? 0,
      upline_id: options.uplineId ?? null,
      referral_code: id.slice(-10).toUpperCase(),
      referred_by_code: null,
      affiliate_code: null,
      password_hash: null,
      password_changed_at: null,
      payment_password_hash: null,
      nickname: null,
      payee_name: null,
      email: null,
      email_verified_at: null,
      mobile_dialing_code: null,
      mobile_number: null,
      mobile_verified_at: null,
      id_number: null,
      icon: null,
      totp_secret: null,
      totp_enabled_at: null,
      register_ip: null,
      register_domain: null,
      register_method: null,
      last_login_at: null,
    })
    .execute();
  return id;
}

/**
 * A client with a session of the member, as a login from the agent page starts it (agentPage),
 * for members inserted without a password.
 */
export async function sessionClientOf(testApp: TestApp, memberId: string): Promise<AccountsClient> {
  const member = await testApp.app.members.findById(memberId);
  if (!member) throw new Error(`no member ${memberId}`);
  const started = await testApp.app.members.startSession({
    member,
    policy: { idleMinutes: 600, absoluteMinutes: 6000 },
    method: 'username',
    agentPage: true,
    passwordChangeRequired: false,
    ip: '203.0.113.9',
    country: null,
    userAgent: null,
  });
  const client = createAccountsClient(testApp.app);
  client.token = started.token;
  return client;
}

/** The closure rows member_tree should hold, computed from members.upline_id alone. */
export async function expectedClosure(db: Kysely<Database>, merchantId: string): Promise<string[]> {
  const members = await db
    .selectFrom('members')
    .select(['id', 'upline_id'])
    .where('merchant_id', '=', merchantId)
    .execute();
  const uplineOf = new Map(members.map((member) => [member.id, member.upline_id]));
  const rows: string[] = [];
  for (const member of members) {
    let depth = 0;
    let current: string | null | undefined = member.id;
    const seen = new Set<string>();
    while (current) {
      if (seen.has(current)) throw new Error(`cycle through ${current}`);
      seen.add(current);
      rows.push(`${current}>${member.id}@${depth}`);
      current = uplineOf.get(current);
      depth += 1;
    }
  }
  return rows.sort();
}

/** The closure rows member_tree holds for a merchant, in expectedClosure's form. */
export async function storedClosure(db: Kysely<Database>, merchantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('member_tree')
    .select(['ancestor_id', 'descendant_id', 'depth'])
    .where('merchant_id', '=', merchantId)
    .execute();
  return rows.map((row) => `${row.ancestor_id}>${row.descendant_id}@${row.depth}`).sort();
}

export type MemberBetDay = {
  memberId: string;
  uplineId: string;
  day: string;
  gameType: string;
  betCount: number;
  stakeMinor: bigint;
  validBetMinor: bigint;
  winMinor: bigint;
};

/** Adds to member_bet_days as a settlement does (a delta upsert), with the given change time. */
export async function addMemberBetDay(
  db: Kysely<Database>,
  merchantId: string,
  row: MemberBetDay,
  changedAt: Date,
): Promise<void> {
  await sql`
    insert into member_bet_days as d (merchant_id, member_id, upline_id, day, game_type, bet_count,
      stake_minor, valid_bet_minor, win_minor, changed_at)
    values (${merchantId}, ${row.memberId}, ${row.uplineId}, ${row.day}::date, ${row.gameType},
      ${row.betCount}, ${row.stakeMinor}, ${row.validBetMinor}, ${row.winMinor}, ${changedAt})
    on conflict (member_id, day, game_type, upline_id) do update set
      bet_count = d.bet_count + excluded.bet_count,
      stake_minor = d.stake_minor + excluded.stake_minor,
      valid_bet_minor = d.valid_bet_minor + excluded.valid_bet_minor,
      win_minor = d.win_minor + excluded.win_minor,
      changed_at = excluded.changed_at`.execute(db);
}

/**
 * team_bet_days as it should be, summed straight from member_bet_days and member_tree, as
 * sorted `agent|day|gameType|members|bets|stake|valid|win` lines.
 */
export async function recomputedTeamDays(db: Kysely<Database>, merchantId: string): Promise<string[]> {
  const result = await sql<{ line: string }>`
    select concat_ws('|', t.ancestor_id, r.day::text, r.game_type, count(distinct r.member_id),
      sum(r.bet_count), sum(r.stake_minor), sum(r.valid_bet_minor), sum(r.win_minor)) as line
    from member_bet_days r join member_tree t on t.descendant_id = r.upline_id
    where r.merchant_id = ${merchantId} and r.upline_id <> ''
    group by t.ancestor_id, r.day, r.game_type`.execute(db);
  return result.rows.map((row) => row.line).sort();
}

export async function storedTeamDays(db: Kysely<Database>, merchantId: string): Promise<string[]> {
  const result = await sql<{ line: string }>`
    select concat_ws('|', agent_id, day::text, game_type, member_count, bet_count, stake_minor,
      valid_bet_minor, win_minor) as line
    from team_bet_days where merchant_id = ${merchantId}`.execute(db);
  return result.rows.map((row) => row.line).sort();
}
