/**
 * Dice rounds of our own games over HTTP, as the rounds benches place them: a server child on a
 * bench database with funded members (real sessions), their dice tables launched and opened as the
 * game client does, autocannon loads of dice bets, and the audits of what the loads left behind
 * (the ledger, the answered bets as settled rounds, the member rollups).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { HOUSE_SHARD_COUNT } from '../../apps/server/src/modules/wallet/wallet.service.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { DEMO_MERCHANT_CODE } from '../../apps/server/src/seed/demo-merchant.ts';
import { seedDemoInHouseVendor } from '../../apps/server/src/seed/demo-vendors.ts';
import { migrateAndSeed, query } from './database.ts';
import { FUNDED_CURRENCY, FUNDING_MINOR } from './funded-players.ts';
import { forkServer, portOf, productionConfig } from './server.ts';
import { LOOPBACK } from './settings.ts';

/** The bet: ₱1.00 on a roll under 50.00, which pays 1.98 times the stake (GAMES.md, dice). */
export const STAKE = '1.00';
export const STAKE_MINOR = 100;
export const WIN_MINOR = 198;
const BET_PATH = '/wps/game/house/bet';
const START_TIMEOUT_MS = 180_000;

export type App = Awaited<ReturnType<typeof buildApp>>;

/** A player of the bench: number n (from 1, as pgbench's random(1, …) counts). */
export type Player = { n: number; memberId: string; sessionToken: string };
export type ReadyMessage = {
  port: number;
  merchantId: string;
  gameId: string;
  vendorId: string;
  players: Player[];
};

/**
 * Ids pgbench can spell from a player's number: members get UUID-shaped ids ending in the
 * number, their accounts `rb-cash-<n>` and `rb-bonus-<n>`, the game house shards
 * `rb-house-game-<shard>`. The wallet service finds these rows by owner, purpose and shard like
 * any other.
 */
export const memberIdOf = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** Runs `work` for every item with `concurrency` callers at a time. */
export async function forEachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        await work(item);
      }
    }),
  );
}

export type ServeOptions = {
  /** Names the bench in errors. */
  label: string;
  /** The environment variable that hands the bench database to the server child. */
  databaseEnv: string;
  /** Members 1 to this many are made, funded and logged in. */
  players: number;
  /** How many members are set up at a time. */
  concurrency: number;
  /** The sessions' user agent. */
  userAgent: string;
  /** Runs for each member once funded, before it logs in (a bonus grant, say). */
  prepareMember?: (app: App, member: { n: number; memberId: string; merchantId: string }) => Promise<void>;
  /** Tables analysed after the set-up besides the members', sessions' and ledger's. */
  analyze?: string[];
};

/** In the child: the app on the bench database with its merchant, game and players; tells the parent. */
export async function serveDiceTables(options: ServeOptions): Promise<void> {
  const { label } = options;
  const connectionString = process.env[options.databaseEnv];
  if (!connectionString) throw new Error(`${label}: the server child needs ${options.databaseEnv}`);
  const database = await openDatabase({ kind: 'postgres', connectionString });
  let app: App | undefined;
  process.on('SIGTERM', () => {
    void (async () => {
      await app?.close();
      await database.close();
      process.exit(0);
    })();
  });
  const { db } = database;
  await migrateAndSeed(database);
  const built = await buildApp({ config: productionConfig(), database });
  app = built;
  await seedDemoInHouseVendor(db, built.games);

  const merchant = await db
    .selectFrom('merchants')
    .select(['id', 'currency'])
    .where('code', '=', DEMO_MERCHANT_CODE)
    .executeTakeFirstOrThrow();
  if (merchant.currency !== FUNDED_CURRENCY)
    throw new Error(`${label}: the demo merchant pays in ${merchant.currency}`);
  const game = await db
    .selectFrom('games')
    .select(['id', 'vendor_id'])
    .where('merchant_id', '=', merchant.id)
    .where('node_id', '=', 'INHOUSE_dice')
    .executeTakeFirstOrThrow();

  // Members and their accounts in bulk; the game house shards too, so that pgbench can name them.
  const numbers = Array.from({ length: options.players }, (_, index) => index + 1);
  await sql`
    insert into members (id, merchant_id, account, account_key, referral_code)
    select ${sql.lit('00000000-0000-7000-8000-')} || lpad(n::text, 12, '0'), ${merchant.id},
      'rb' || n, 'rb' || n, 'RB' || n
    from unnest(${numbers}::int[]) as n`.execute(db);
  await sql`
    insert into ledger_accounts (id, merchant_id, kind, owner_id, currency)
    select 'rb-' || wallet || '-' || n, ${merchant.id}, 'player_' || wallet,
      ${sql.lit('00000000-0000-7000-8000-')} || lpad(n::text, 12, '0'), ${FUNDED_CURRENCY}
    from unnest(${numbers}::int[]) as n, unnest(array['cash', 'bonus']) as wallet`.execute(db);
  await sql`
    insert into ledger_accounts (id, merchant_id, kind, purpose, shard, currency)
    select 'rb-house-game-' || shard, ${merchant.id}, 'house', 'game', shard, ${FUNDED_CURRENCY}
    from generate_series(0, ${HOUSE_SHARD_COUNT - 1}::int) as shard`.execute(db);

  // Money comes in as deposits through the wallet service; each player logs in once.
  const players: Player[] = [];
  await forEachConcurrently(numbers, options.concurrency, async (n) => {
    const memberId = memberIdOf(n);
    await built.wallet.transfer({
      merchantId: merchant.id,
      currency: FUNDED_CURRENCY,
      key: `rb-fund-${n}`,
      code: 'deposit',
      from: { house: 'deposit:bench', shardKey: memberId },
      to: { memberId, wallet: 'cash' },
      amountMinor: FUNDING_MINOR,
    });
    await options.prepareMember?.(built, { n, memberId, merchantId: merchant.id });
    const member = await built.members.findById(memberId);
    if (!member) throw new Error(`${label}: member ${n} is missing`);
    const { token } = await built.members.startSession({
      member,
      policy: { idleMinutes: 240, absoluteMinutes: 720 },
      method: 'username',
      agentPage: false,
      passwordChangeRequired: false,
      ip: LOOPBACK,
      country: null,
      userAgent: options.userAgent,
    });
    players.push({ n, memberId, sessionToken: token });
  });
  for (const table of [
    'members',
    'member_sessions',
    'ledger_accounts',
    'ledger_transfers',
    ...(options.analyze ?? []),
  ]) {
    await sql`analyze ${sql.table(table)}`.execute(db);
  }

  await built.listen({ host: LOOPBACK, port: 0 });
  process.send?.({
    port: portOf(built.server),
    merchantId: merchant.id,
    gameId: game.id,
    vendorId: game.vendor_id,
    players: players.sort((left, right) => left.n - right.n),
  } satisfies ReadyMessage);
}

/** In the parent: forks the bench's own `file` with `--serve` and waits until its server is ready. */
export function startDiceServer(
  file: string,
  databaseEnv: string,
  connectionString: string,
): Promise<{ child: ChildProcess; ready: ReadyMessage }> {
  return forkServer<ReadyMessage>(file, ['--serve'], {
    label: 'the server',
    timeoutMs: START_TIMEOUT_MS,
    env: { ...process.env, [databaseEnv]: connectionString },
  });
}

type Envelope<T> = { success: boolean; code?: string; value: T };

/**
 * Each player launches dice and opens its table as the game client does; answers the game tokens,
 * in the players' order.
 */
export async function openDiceTables(
  baseUrl: string,
  players: Player[],
  concurrency: number,
): Promise<string[]> {
  const tokens: string[] = new Array(players.length);
  const places = new Map(players.map((player, index) => [player.n, index]));
  await forEachConcurrently(players, concurrency, async (player) => {
    const launched = await fetch(`${baseUrl}/wps/game/launchGame?nodeId=INHOUSE_dice&mode=real`, {
      headers: { authorization: `Bearer ${player.sessionToken}` },
    });
    const launch = (await launched.json()) as Envelope<{ url: string }>;
    if (launched.status !== 200 || !launch.success) {
      throw new Error(`launch of player ${player.n} answered ${launched.status}: ${JSON.stringify(launch)}`);
    }
    // The launch token travels in the URL's fragment, which no server or log sees.
    const launchUrl = new URL(launch.value.url, baseUrl);
    const token = new URLSearchParams(launchUrl.hash.slice(1)).get('token');
    if (!token) throw new Error(`launch of player ${player.n} gave no token: ${launch.value.url}`);
    const opened = await fetch(`${baseUrl}/wps/game/house/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'real', token, gameCode: 'dice' }),
    });
    // The table shows the member's cash, whatever a bonus wallet holds.
    const table = (await opened.json()) as Envelope<{ mode: string; balance: string }>;
    const funded = (Number(FUNDING_MINOR) / 100).toFixed(2);
    if (opened.status !== 200 || table.value.mode !== 'real' || table.value.balance !== funded) {
      throw new Error(`open of player ${player.n} answered ${opened.status}: ${JSON.stringify(table)}`);
    }
    tokens[places.get(player.n) as number] = token;
  });
  return tokens;
}

/** What the loads of one kind answered: bets, seconds, each round's p99, the answered request ids. */
export type Load = {
  answered: number;
  seconds: number;
  p99s: number[];
  confirmed: string[];
  cutOffMax: number;
};

export const emptyLoad = (): Load => ({ answered: 0, seconds: 0, p99s: [], confirmed: [], cutOffMax: 0 });

/** A load of dice bets: whose tables, for how long, with which request id prefix. */
export type DiceBets = {
  /** Names the load in errors. */
  name: string;
  baseUrl: string;
  tokens: string[];
  durationS: number;
  connections: number;
  /** Request ids are `<prefix>-<run>-<sequence>`. */
  prefix: string;
};

let betSequence = 0;
/** One autocannon run of dice bets, each of a random one of the tables; every answer must be a 2xx. */
export async function loadDiceBets(bets: DiceBets, into: Load): Promise<autocannon.Result> {
  const { tokens } = bets;
  const run = randomBytes(4).toString('hex');
  const url = new URL(bets.baseUrl);
  const result = await autocannon({
    url: bets.baseUrl,
    connections: bets.connections,
    duration: bets.durationS,
    pipelining: 1,
    requests: [
      {
        method: 'POST',
        path: BET_PATH,
        setupRequest: (request, context) => {
          betSequence += 1;
          const requestId = `${bets.prefix}-${run}-${betSequence}`;
          (context as { requestId?: string }).requestId = requestId;
          return {
            ...request,
            headers: {
              host: url.host,
              'content-type': 'application/json',
              'x-game-token': tokens[Math.floor(Math.random() * tokens.length)] as string,
            },
            body: JSON.stringify({ requestId, stake: STAKE, direction: 'under', target: '50.00' }),
          };
        },
        onResponse: (status, _body, context) => {
          const requestId = (context as { requestId?: string }).requestId;
          if (status >= 200 && status < 300 && requestId) into.confirmed.push(requestId);
        },
      },
    ],
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    throw new Error(
      `${bets.name}: ${failed} of ${result['2xx'] + failed} bets failed (${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  // A request in flight when the time runs out is still played by the server, unanswered.
  into.cutOffMax += bets.connections;
  return result;
}

/** Every balance the sum of its transfers and the sum over all accounts zero. */
export async function auditLedger(connectionString: string): Promise<void> {
  const [ledger] = await query<{ mismatched: string; total: string }>(
    connectionString,
    // One pass over the transfers, grouped by account (a correlated sum per account would read the
    // house's hundreds of thousands of transfers once for each account).
    `with moves as (
       select credit_account_id as account_id, amount_minor from ledger_transfers
       union all
       select debit_account_id, -amount_minor from ledger_transfers
     ),
     net as (select account_id, sum(amount_minor) as net_minor from moves group by account_id)
     select
       count(*) filter (where a.balance_minor <> coalesce(n.net_minor, 0))::text as mismatched,
       coalesce(sum(a.balance_minor), 0)::text as total
     from ledger_accounts a left join net n on n.account_id = a.id`,
  );
  if (ledger?.mismatched !== '0' || ledger.total !== '0') {
    throw new Error(
      `the ledger is not sound after the runs: ${ledger?.mismatched} accounts differ from their transfers, sum ${ledger?.total}`,
    );
  }
}

/**
 * Every answered bet a settled round with its stake (and its win, if any) in the ledger; no other
 * round with the request id prefix but the few cut off. Answers the answered and all such rounds.
 */
export async function auditAnsweredRounds(
  connectionString: string,
  label: string,
  prefix: string,
  load: Load,
): Promise<{ answered: number; ours: number }> {
  const [rounds] = await query<{ answered: string; ours: string; unsettled: string; unpaid: string }>(
    connectionString,
    // Joins, not a lookup per round: the answered ids come as a set, and the stakes and wins are
    // matched to their rounds by key in one pass over the transfers.
    `with confirmed as (select distinct unnest($1::text[]) as request_id),
     ours as (
       select r.id, r.phase, r.status, r.stake_minor, r.win_minor, c.request_id is not null as answered
         from game_rounds r left join confirmed c on c.request_id = r.request_id
        where r.request_id like $2::text || '-%'
     ),
     moves as (
       select idempotency_key, code, count(*) as n, min(amount_minor) as low, max(amount_minor) as high
         from ledger_transfers where idempotency_key like 'house:%' group by idempotency_key, code
     ),
     paid as (
       select o.*, s.n as stakes, s.low as stake_low, s.high as stake_high,
              w.n as wins, w.low as win_low, w.high as win_high
         from ours o
         left join moves s on s.idempotency_key = 'house:' || o.id || ':stake' and s.code = 'bet'
         left join moves w on w.idempotency_key = 'house:' || o.id || ':win' and w.code = 'win'
     )
     select
       count(*) filter (where answered and phase = 'done' and status = 'settled')::text as answered,
       count(*)::text as ours,
       count(*) filter (where phase <> 'done' or status <> 'settled')::text as unsettled,
       count(*) filter (where
         coalesce(stakes, 0) <> 1 or stake_low <> stake_minor or stake_high <> stake_minor
         or coalesce(wins, 0) <> (case when win_minor > 0 then 1 else 0 end)
         or (wins > 0 and (win_low <> win_minor or win_high <> win_minor))
       )::text as unpaid
     from paid`,
    [load.confirmed, prefix],
  );
  const answered = Number(rounds?.answered);
  const ours = Number(rounds?.ours);
  if (answered !== load.confirmed.length || load.confirmed.length !== load.answered) {
    throw new Error(
      `${label}: ${load.answered} bets answered 2xx (${load.confirmed.length} seen), but ${answered} of them are settled rounds`,
    );
  }
  if (ours - answered > load.cutOffMax || rounds?.unsettled !== '0' || rounds.unpaid !== '0') {
    throw new Error(
      `${label}: ${ours} rounds of ours for ${answered} answered bets (at most ${load.cutOffMax} cut off), ${rounds?.unsettled} not settled, ${rounds?.unpaid} without their exact stake and win`,
    );
  }
  return { answered, ours };
}

/** The member rollups of the bet record, written with every round, equal the sums of the bets. */
export async function auditRollups(connectionString: string, label: string): Promise<void> {
  const [rollups] = await query<{ mismatched: string }>(
    connectionString,
    `with summed as (
       select member_id, settled_day as day, game_type, coalesce(upline_id, '') as upline_id, count(*) as bet_count,
              sum(stake_minor) as stake_minor, sum(valid_bet_minor) as valid_bet_minor, sum(win_minor) as win_minor
         from game_rounds where status in ('settled', 'resettled')
        group by member_id, settled_day, game_type, coalesce(upline_id, '')
     ),
     stored as (
       select member_id, day, game_type, upline_id, bet_count::bigint as bet_count, stake_minor, valid_bet_minor,
              win_minor
         from member_bet_days where bet_count > 0
     )
     select count(*)::text as mismatched from (
       (select * from summed except select * from stored) union all (select * from stored except select * from summed)
     ) differences`,
  );
  if (rollups?.mismatched !== '0') {
    throw new Error(`${label}: ${rollups?.mismatched} member rollup rows differ from the sums of the bets`);
  }
}
