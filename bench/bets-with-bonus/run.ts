/**
 * How much of its rate a dice round over HTTP keeps when the member holds an active bonus.
 *
 * Needs DATABASE_URL (a PostgreSQL server; the bench makes its own database with a random name and
 * drops it afterwards).
 *
 * The server is the rounds bench's (bench/support/dice-rounds.ts): the app in a child process with
 * every hook the production app has, on that database migrated and seeded as a deployment is, and
 * 2,000 members, each funded with the same cash through the wallet service, logged in, with dice
 * launched and its table opened as the game client does. Members 1,001 to 2,000 are also granted a
 * bonus by the bonus engine (`bonuses.grant`, by hand, no promotion: ₱1,000.00, multiplier 5,
 * contributions INHOUSE 100 %, maximum stake ₱50.00, 7 days), active at once. The bet stays below
 * the maximum stake and cash covers it, so every bet takes the one-step path; wagering is counted
 * by the bet record's trigger. Two loads run against the same server and database in alternating
 * rounds, so that other load on a shared machine weighs on both alike:
 *
 *   bonus     autocannon, 20 connections, each request a dice bet (POST /wps/game/house/bet,
 *             ₱1.00 under 50.00) of a random one of the 1,000 members with a bonus.
 *   baseline  the same bets of a random one of the 1,000 members without one.
 *
 * Every bet must answer 2xx; afterwards the ledger must be sound (every balance the sum of its
 * transfers, the sum over all accounts zero), every answered bet a settled round with its stake
 * (and, when it won, its win) in the ledger, the member rollups the sums of the bets, and no member
 * wallet negative. Each bonus must still be active, its bonus wallet untouched (cash paid every
 * stake) and its `wagered_minor` the sum of floor(valid bet × contribution / 10,000) over its
 * member's rounds opened since its activation, each of which names it; no round of a member
 * without a bonus names one. The last line reads:
 *   RESULT bets-with-bonus rounds_per_s=<bonus> baseline_rounds_per_s=<baseline> ratio=<bonus/baseline>
 * where each rate is answered bets over the total measured time of its load. Target: ratio at
 * least 0.8.
 *
 * Settings through the environment: BENCH_ROUNDS (3), BENCH_DURATION_S (5, per load and round),
 * BENCH_WARMUP_S (3), BENCH_CONNECTIONS (20).
 */
import type { ChildProcess } from 'node:child_process';
import { createBenchDatabase, query } from '../support/database.ts';
import {
  auditAnsweredRounds,
  auditLedger,
  auditRollups,
  emptyLoad,
  type Load,
  loadDiceBets,
  memberIdOf,
  openDiceTables,
  STAKE_MINOR,
  serveDiceTables,
  startDiceServer,
} from '../support/dice-rounds.ts';
import { FUNDED_CURRENCY, FUNDED_PLAYERS } from '../support/funded-players.ts';
import { stopChild } from '../support/server.ts';
import { LOOPBACK, readBoundedInteger } from '../support/settings.ts';

const ROUNDS = readBoundedInteger('BENCH_ROUNDS', 3, 1, 20);
const DURATION_S = readBoundedInteger('BENCH_DURATION_S', 5, 1, 120);
const WARMUP_S = readBoundedInteger('BENCH_WARMUP_S', 3, 0, 60);
const CONNECTIONS = readBoundedInteger('BENCH_CONNECTIONS', 20, 1, 100);
/** The environment variable that hands the bench database to the server child. */
const CHILD_DATABASE_ENV = 'BENCH_BETS_WITH_BONUS_DATABASE_URL';
/** Request ids of this bench's bets start with it. */
const REQUEST_PREFIX = 'bb';
/** Members 1 to FUNDED_PLAYERS bet without a bonus; the next FUNDED_PLAYERS hold one. */
const PLAYERS = 2 * FUNDED_PLAYERS;
const holdsBonus = (n: number) => n > FUNDED_PLAYERS;

/** Each bonus: ₱1,000.00 to wager 5 times in our games, well above what a run's bets can wager. */
const BONUS_MINOR = 100_000n;
const BONUS_TERMS = {
  multiplier: 5,
  includeDeposit: false,
  contributions: { INHOUSE: 10_000 },
  // ₱50.00: above the bet, so no bet is sent the full way to have its stake checked.
  maxStakeMinor: 5_000n,
  expiryDays: 7,
  maxConversionMinor: null,
  minSpinStakeMinor: null,
  minSpinLines: null,
};
if (BONUS_TERMS.maxStakeMinor <= BigInt(STAKE_MINOR)) throw new Error('the bonus must allow the bench stake');

/**
 * The loads must have left a sound ledger, exactly the rounds answered and the bonuses' wagering
 * their rounds' contributions.
 */
async function audit(connectionString: string, load: Load): Promise<void> {
  await auditLedger(connectionString);
  const { answered, ours } = await auditAnsweredRounds(
    connectionString,
    'bets-with-bonus',
    REQUEST_PREFIX,
    load,
  );
  await auditRollups(connectionString, 'bets-with-bonus');

  const [wallets] = await query<{ negative: string }>(
    connectionString,
    `select count(*)::text as negative from ledger_accounts
      where kind in ('player_cash', 'player_bonus') and balance_minor < 0`,
  );
  if (wallets?.negative !== '0')
    throw new Error(`bets-with-bonus: ${wallets?.negative} member wallets are negative`);

  const holders = Array.from({ length: FUNDED_PLAYERS }, (_, index) =>
    memberIdOf(FUNDED_PLAYERS + index + 1),
  );
  const [bonuses] = await query<{
    bonuses: string;
    holders: string;
    inactive: string;
    wallets_moved: string;
    mismatched: string;
    unnamed: string;
    wagered: string;
    bets: string;
    named_elsewhere: string;
  }>(
    connectionString,
    // One pass over the rounds: each bonus's due wagering is summed from its member's rounds opened
    // since it started, by the contribution of each round's game type in the bonus's own terms.
    `with holders as (select unnest($1::text[]) as member_id),
     bonuses as (
       select b.id, b.member_id, b.status, b.activated_at, b.wagered_minor, b.contributions, b.amount_minor,
              a.balance_minor as wallet_minor
         from member_bonuses b
         left join ledger_accounts a on a.owner_id = b.member_id and a.kind = 'player_bonus'
     ),
     due as (
       select b.id,
              coalesce(sum(r.valid_bet_minor * coalesce((b.contributions ->> r.game_type)::bigint, 0) / 10000), 0)
                as due_minor,
              count(r.id) as bets,
              count(r.id) filter (where r.bonus_id is distinct from b.id) as unnamed
         from bonuses b
         left join game_rounds r on r.member_id = b.member_id and r.opened_at >= b.activated_at
              and r.status in ('settled', 'resettled')
        group by b.id
     )
     select
       (select count(*) from bonuses)::text as bonuses,
       (select count(*) from bonuses b join holders h on h.member_id = b.member_id)::text as holders,
       (select count(*) from bonuses where status <> 'active')::text as inactive,
       (select count(*) from bonuses where wallet_minor is distinct from amount_minor)::text as wallets_moved,
       (select count(*) from bonuses b join due d on d.id = b.id where b.wagered_minor <> d.due_minor)::text as mismatched,
       (select coalesce(sum(unnamed), 0) from due)::text as unnamed,
       (select coalesce(sum(wagered_minor), 0) from bonuses)::text as wagered,
       (select coalesce(sum(bets), 0) from due)::text as bets,
       (select count(*) from game_rounds r
         where r.bonus_id is not null and r.member_id <> all($1::text[]))::text as named_elsewhere`,
    [holders],
  );
  const expected = String(FUNDED_PLAYERS);
  if (bonuses?.bonuses !== expected || bonuses.holders !== expected || bonuses.inactive !== '0') {
    throw new Error(
      `bets-with-bonus: ${bonuses?.bonuses} bonuses (${bonuses?.holders} of the ${expected} holders'), ${bonuses?.inactive} no longer active`,
    );
  }
  if (bonuses.wallets_moved !== '0') {
    throw new Error(`bets-with-bonus: ${bonuses.wallets_moved} bonus wallets differ from their grant`);
  }
  if (bonuses.mismatched !== '0' || bonuses.unnamed !== '0' || bonuses.named_elsewhere !== '0') {
    throw new Error(
      `bets-with-bonus: ${bonuses.mismatched} bonuses' wagering differs from their rounds' contributions, ${bonuses.unnamed} of their rounds do not name them, ${bonuses.named_elsewhere} rounds of members without a bonus name one`,
    );
  }
  if (bonuses.bets === '0' || bonuses.wagered === '0') {
    throw new Error(`bets-with-bonus: the bonus holders' ${bonuses.bets} rounds wagered ${bonuses.wagered}`);
  }
  console.log(
    `  audit: ledger sound (sum 0), no wallet negative, ${answered} answered bets = ${answered} settled rounds, ${ours - answered} cut off at the end of a load, member rollups = sums of the bets; ${bonuses.bonuses} bonuses active, wagered ${bonuses.wagered} minor over ${bonuses.bets} rounds = their contributions, bonus wallets untouched`,
  );
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    throw new Error(
      'bets-with-bonus: set DATABASE_URL to a PostgreSQL server (the bench makes its own database)',
    );
  console.log(
    `bets-with-bonus: dice bets over HTTP of ${FUNDED_PLAYERS} members with an active bonus against ${FUNDED_PLAYERS} without, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up, ${ROUNDS} rounds of ${DURATION_S} s per load`,
  );
  const benchDatabase = await createBenchDatabase(serverUrl);
  const { connectionString } = benchDatabase;
  let child: ChildProcess | undefined;
  try {
    const started = await startDiceServer(import.meta.filename, CHILD_DATABASE_ENV, connectionString);
    child = started.child;
    const baseUrl = `http://${LOOPBACK}:${started.ready.port}`;
    const players = started.ready.players;
    const plainTokens = await openDiceTables(
      baseUrl,
      players.filter((player) => !holdsBonus(player.n)),
      CONNECTIONS,
    );
    const bonusTokens = await openDiceTables(
      baseUrl,
      players.filter((player) => holdsBonus(player.n)),
      CONNECTIONS,
    );
    console.log(
      `  ${plainTokens.length + bonusTokens.length} players logged in, dice launched and opened; ${bonusTokens.length} of them hold an active bonus`,
    );

    const bets = (name: string, tokens: string[], durationS: number) => ({
      name,
      baseUrl,
      tokens,
      durationS,
      connections: CONNECTIONS,
      prefix: REQUEST_PREFIX,
    });
    const bonus = emptyLoad();
    const baseline = emptyLoad();
    const warmUp = emptyLoad();
    if (WARMUP_S > 0) {
      warmUp.answered += (await loadDiceBets(bets('baseline', plainTokens, WARMUP_S), warmUp))['2xx'];
      warmUp.answered += (await loadDiceBets(bets('bonus', bonusTokens, WARMUP_S), warmUp))['2xx'];
    }
    for (let round = 1; round <= ROUNDS; round += 1) {
      console.log(`round ${round} of ${ROUNDS}`);
      // Alternate which goes first, so that neither always runs on a warmer or quieter machine.
      const order = round % 2 === 1 ? (['baseline', 'bonus'] as const) : (['bonus', 'baseline'] as const);
      for (const name of order) {
        const into = name === 'bonus' ? bonus : baseline;
        const result = await loadDiceBets(
          bets(name, name === 'bonus' ? bonusTokens : plainTokens, DURATION_S),
          into,
        );
        into.answered += result['2xx'];
        into.seconds += DURATION_S;
        into.p99s.push(result.latency.p99);
        console.log(
          `  ${name.padEnd(8)} ${(result['2xx'] / DURATION_S).toFixed(0).padStart(7)} rounds/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
        );
      }
    }

    // Let the bets cut off at the end of the last load finish on the server before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const loads = [warmUp, baseline, bonus];
    await audit(connectionString, {
      answered: loads.reduce((sum, load) => sum + load.answered, 0),
      seconds: 0,
      p99s: [],
      confirmed: loads.flatMap((load) => load.confirmed),
      cutOffMax: loads.reduce((sum, load) => sum + load.cutOffMax, 0),
    });

    const bonusRate = bonus.answered / bonus.seconds;
    const baselineRate = baseline.answered / baseline.seconds;
    console.log(
      `RESULT bets-with-bonus rounds_per_s=${bonusRate.toFixed(0)} baseline_rounds_per_s=${baselineRate.toFixed(0)} ratio=${(bonusRate / baselineRate).toFixed(3)}`,
    );
  } finally {
    if (child) await stopChild(child);
    await benchDatabase.drop();
  }
}

if (process.argv.includes('--serve')) {
  await serveDiceTables({
    label: 'bets-with-bonus',
    databaseEnv: CHILD_DATABASE_ENV,
    players: PLAYERS,
    concurrency: CONNECTIONS,
    userAgent: 'bench/bets-with-bonus',
    // The bonus is granted by the engine, as an operator's grant by hand is, and starts at once.
    prepareMember: async (app, { n, memberId, merchantId }) => {
      if (!holdsBonus(n)) return;
      const granted = await app.bonuses.grant({
        merchantId,
        memberId,
        currency: FUNDED_CURRENCY,
        source: 'manual',
        amountMinor: BONUS_MINOR,
        terms: BONUS_TERMS,
        language: 'EN',
        reason: 'bench',
      });
      if (granted.status !== 'active')
        throw new Error(`bets-with-bonus: the bonus of member ${n} is ${granted.status}`);
      granted.announce();
    },
    analyze: ['member_bonuses'],
  });
} else {
  await main();
}
