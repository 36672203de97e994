/**
 * How long settling one daily cycle of agent contracts takes for 10,000 agents over 100,000
 * members, through the real settlement service, against one hand-written SQL transaction that
 * computes the same amounts and writes the same rows set-based.
 *
 * Needs DATABASE_URL (a PostgreSQL server). The data (generate.ts): the demo merchant with
 * BENCH_MEMBERS members, BENCH_AGENTS of them agents in a three-level tree each holding an active
 * daily salary contract (1 to 3 tiers, rates capped down the tree), one closed day of member
 * rollups and the team rollups rebuilt for it; generated once into a template database and copied
 * for each load, so that both start from the very same rows. Each round, in alternating order:
 *
 *   ours      the app (buildApp, every production hook, no jobs) on a fresh copy:
 *             `contractSettlements.settleCycle` of the day, timed from the call to its answer —
 *             the contracts in force, the accounts resolved, the team figures, one transaction
 *             writing the counted days, the settlements, the run and every transfer top-down.
 *   baseline  on another fresh copy, one transaction of set-based statements: the contracts in
 *             force, the team sums from team_bet_days and the active members from member_bet_days,
 *             the best tier met and floor(base × rate / 10,000), the counted days, the run, the
 *             settlements, the ledger transfers with each side's balance after them, and the
 *             balances. What it leaves out, because this data has none: late differences and
 *             carries (a first run of the kind), approvals and short uplines (checked: ours must
 *             have paid every settlement).
 *
 * Before printing, the two copies must hold the same settlements (count, sum, and per contract:
 * payer, payee, base, tier, rate, amount, status, how paid), the same counted days, the same
 * transfers by key and the same balances, and on each every account's balance must equal the sum
 * of its transfers and the merchant's balances sum to zero. The last line reads:
 *   RESULT contracts seconds=<ours> baseline_seconds=<baseline> ratio=<baseline/ours>
 * (the medians of the rounds). Targets: at most 30 s, ratio at least 0.3.
 *
 * Settings: BENCH_MEMBERS (100,000), BENCH_AGENTS (10,000), BENCH_ROUNDS (1).
 */
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { houseShardOf } from '../../apps/server/src/modules/wallet/ledger.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { query } from '../support/database.ts';
import { productionConfig } from '../support/server.ts';
import { median, readBoundedInteger } from '../support/settings.ts';
import { copyTemplate } from '../support/template.ts';
import { ensureContractsTemplate } from './generate.ts';

const MEMBERS = readBoundedInteger('BENCH_MEMBERS', 100_000, 100, 10_000_000);
const AGENTS = readBoundedInteger('BENCH_AGENTS', 10_000, 3, 100_000);
const ROUNDS = readBoundedInteger('BENCH_ROUNDS', 1, 1, 20);

type Cycle = { merchantId: string; currency: string; day: string; key: string; startsAt: Date };

/** The day the template holds bets for, and the merchant's cycle of it. */
async function cycleOf(connectionString: string): Promise<Cycle> {
  const [row] = await query<{ merchant_id: string; currency: string; day: string; starts_at: Date }>(
    connectionString,
    `select m.id as merchant_id, m.currency, d.day, (d.day::date)::timestamp at time zone m.time_zone as starts_at
       from (select merchant_id, max(day)::text as day from member_bet_days where member_id like 'ct-%'
              group by merchant_id) d
       join merchants m on m.id = d.merchant_id`,
  );
  if (!row) throw new Error('contracts: the template holds no bets');
  return {
    merchantId: row.merchant_id,
    currency: row.currency,
    day: row.day,
    key: `D:${row.day}`,
    startsAt: new Date(row.starts_at),
  };
}

/** Ours: the real settlement service in the app, on its own copy. */
async function settleOurs(connectionString: string, cycle: Cycle): Promise<number> {
  const database = await openDatabase({ kind: 'postgres', connectionString });
  const app = await buildApp({ config: productionConfig(), database });
  try {
    await app.ready();
    const started = performance.now();
    const outcome = await app.contractSettlements.settleCycle({
      merchantId: cycle.merchantId,
      kind: 'daily',
      cycleKey: cycle.key,
      settledBy: { by: 'job' },
    });
    const seconds = (performance.now() - started) / 1000;
    if (!outcome.isNew) throw new Error('contracts: the cycle was settled before the bench settled it');
    console.log(
      `  ours      ${seconds.toFixed(2).padStart(7)} s: ${outcome.run.contract_count} contracts, ${outcome.run.settlement_count} settlements, ${outcome.run.paid_count} paid, ${outcome.run.waiting_count} waiting`,
    );
    return seconds;
  } finally {
    await app.close();
    await database.close();
  }
}

/** The baseline's one transaction; $1 merchant, $2 day, $3 cycle start, $4 key, $5 currency, $6 active threshold, $7/$8 house shards. */
const BASELINE_STATEMENTS = [
  `create temporary table b_contracts on commit drop as
   select c.id, c.upline_id, c.downline_id, c.version, c.tiers,
          (select count(*)::int from member_tree t where t.descendant_id = c.downline_id and t.depth > 0) as depth
     from (select distinct on (downline_id) * from agent_contracts
            where merchant_id = $1 and kind = 'daily' and period = 'D' and starts_at <= $3
              and (ended_at is null or ended_at > $3)
            order by downline_id, version desc) c`,
  `create temporary table b_figures on commit drop as
   select c.*, coalesce(d.valid_bet, 0)::bigint as valid_bet, coalesce(d.stake, 0)::bigint as stake,
          coalesce(d.win, 0)::bigint as win, coalesce(a.active, 0)::int as active
     from b_contracts c
     left join (select agent_id, sum(valid_bet_minor) as valid_bet, sum(stake_minor) as stake, sum(win_minor) as win
                  from team_bet_days where merchant_id = $1 and day = $2::date group by agent_id) d
       on d.agent_id = c.downline_id
     left join (select agent_id, count(*) as active from (
                  select t.ancestor_id as agent_id
                    from member_bet_days r join member_tree t on t.descendant_id = r.upline_id
                   where r.merchant_id = $1 and r.upline_id <> '' and r.day = $2::date
                   group by t.ancestor_id, r.member_id
                  having sum(r.valid_bet_minor) >= $6) members group by agent_id) a
       on a.agent_id = c.downline_id`,
  `create temporary table b_earnings on commit drop as
   select f.*, best.tier_index, coalesce(best.rate_bp, 0) as rate_bp,
          case when best.tier_index is null then 0 else f.valid_bet * best.rate_bp / 10000 end::bigint as amount,
          row_number() over (order by f.depth, f.downline_id) as n
     from b_figures f
     left join lateral (
       select (t.ord - 1)::int as tier_index, (t.tier->>'rateBp')::int as rate_bp
         from jsonb_array_elements(f.tiers) with ordinality as t(tier, ord)
        where f.valid_bet > 0 and f.active >= (t.tier->>'activeMembers')::int
          and f.valid_bet >= (t.tier->>'minBaseMinor')::bigint
        order by rate_bp desc, tier_index limit 1) best on true`,
  `insert into agent_contract_counted (merchant_id, kind, agent_id, day, valid_bet_minor, stake_minor, win_minor,
     cycle_count, counted_at)
   select $1, 'daily', downline_id, $2::date, valid_bet, stake, win, 1, now() from b_figures`,
  `create temporary table b_transfers on commit drop as
   select e.*, gen_random_uuid()::text as transfer_id, 'contract:' || e.id || ':' || $4 as ledger_key,
          coalesce(payer.id, house.id) as debit_id, payee.id as credit_id
     from b_earnings e
     join ledger_accounts payee on payee.owner_id = e.downline_id and payee.kind = 'player_cash' and payee.currency = $5
     left join ledger_accounts payer on payer.owner_id = e.upline_id and payer.kind = 'player_cash' and payer.currency = $5
     left join unnest($7::text[], $8::int[]) as shard(member_id, shard) on e.upline_id is null and shard.member_id = e.downline_id
     left join ledger_accounts house on house.merchant_id = $1 and house.kind = 'house' and house.purpose = 'agent_pay'
       and house.currency = $5 and house.shard = shard.shard
    where e.amount > 0`,
  // Each side's balance after each transfer, in the order the service pays them (top-down).
  `create temporary table b_moves on commit drop as
   select m.transfer_id, m.account_id, m.is_debit,
          a.balance_minor + sum(m.delta) over (partition by m.account_id order by m.n) as balance_after
     from (select transfer_id, n, debit_id as account_id, true as is_debit, -amount as delta from b_transfers
           union all
           select transfer_id, n, credit_id, false, amount from b_transfers) m
     join ledger_accounts a on a.id = m.account_id`,
  `insert into ledger_transfers (id, merchant_id, idempotency_key, code, reference, debit_account_id, credit_account_id,
     currency, amount_minor, debit_balance_after_minor, credit_balance_after_minor)
   select t.transfer_id, $1, t.ledger_key, 'salary', $4, t.debit_id, t.credit_id, $5, t.amount, d.balance_after,
          c.balance_after
     from b_transfers t
     join b_moves d on d.transfer_id = t.transfer_id and d.is_debit
     join b_moves c on c.transfer_id = t.transfer_id and not c.is_debit
    order by t.n`,
  `update ledger_accounts a set balance_minor = a.balance_minor + moved.delta
     from (select account_id, sum(case when is_debit then -amount else amount end) as delta
             from (select debit_id as account_id, true as is_debit, amount from b_transfers
                   union all select credit_id, false, amount from b_transfers) sides
            group by account_id) moved
    where a.id = moved.account_id`,
  `insert into agent_contract_runs (id, merchant_id, kind, period, cycle_key, cycle_starts_at, cycle_ends_at, run_by,
     started_at, finished_at, rollups_as_of, contract_count, settlement_count, paid_count, waiting_count,
     amount_minor, paid_minor)
   select gen_random_uuid()::text, $1, 'daily', 'D', $4, $3, $3::timestamptz + interval '1 day', 'job', now(), now(),
          (select changed_at from team_rollup_watermarks where merchant_id = $1),
          (select count(*) from b_contracts), count(*), count(*), 0, coalesce(sum(amount), 0), coalesce(sum(amount), 0)
     from b_transfers`,
  `insert into agent_contract_settlements (id, merchant_id, run_id, contract_id, kind, cycle_key, cycle_starts_at,
     cycle_ends_at, payer_id, payee_id, inputs, tier_index, rate_bp, base_minor, amount_minor, status, ledger_key,
     paid_from, transfer_id, created_at, paid_at)
   select gen_random_uuid()::text, $1, (select id from agent_contract_runs where merchant_id = $1 and kind = 'daily'
          and cycle_key = $4), t.id, 'daily', $4, $3, $3::timestamptz + interval '1 day', t.upline_id, t.downline_id,
          jsonb_build_object('activeMembers', t.active, 'validBet', (t.valid_bet / 100.0)::numeric(20, 2)::text,
            'stake', (t.stake / 100.0)::numeric(20, 2)::text, 'win', (t.win / 100.0)::numeric(20, 2)::text,
            'lateValidBet', '0.00', 'lateStake', '0.00', 'lateWin', '0.00', 'carryInBase', '0.00',
            'accruedIn', '0.00', 'activeMemberMinValidBet', ($6 / 100.0)::numeric(20, 2)::text,
            'contractVersion', t.version, 'earned', (t.amount / 100.0)::numeric(20, 2)::text),
          t.tier_index, t.rate_bp, t.valid_bet, t.amount, 'paid', t.ledger_key,
          case when t.upline_id is null then 'house' else 'upline' end, t.transfer_id, now(), now()
     from b_transfers t`,
];

/** The baseline: the same cycle in one transaction of set-based statements, on its own copy. */
async function settleBaseline(connectionString: string, cycle: Cycle): Promise<number> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('begin');
    // The house shard of each top-level agent (FNV-1a of its id, as the ledger picks it).
    const { rows: tops } = await client.query<{ downline_id: string }>(
      `select downline_id from agent_contracts where merchant_id = $1 and kind = 'daily' and upline_id is null`,
      [cycle.merchantId],
    );
    const { rows: settings } = await client.query<{ threshold: string }>(
      `select coalesce(settings->'contracts'->>'activeMemberMinValidBet', '100.00') as threshold
         from merchants where id = $1`,
      [cycle.merchantId],
    );
    const thresholdMinor = Math.round(Number(settings[0]?.threshold ?? '100.00') * 100);
    const parameters = [
      cycle.merchantId,
      cycle.day,
      cycle.startsAt,
      cycle.key,
      cycle.currency,
      thresholdMinor,
      tops.map((row) => row.downline_id),
      tops.map((row) => houseShardOf(row.downline_id)),
    ];
    for (const statement of BASELINE_STATEMENTS) {
      // Each statement names only the parameters it uses, in order of number.
      const used = [...new Set([...statement.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])))];
      const renumbered = statement.replace(/\$(\d+)/g, (_, number) => `$${used.indexOf(Number(number)) + 1}`);
      await client.query(
        renumbered,
        used.map((number) => parameters[number - 1]),
      );
    }
    await client.query('commit');
    const seconds = (performance.now() - started) / 1000;
    console.log(`  baseline  ${seconds.toFixed(2).padStart(7)} s`);
    return seconds;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

type Settled = Record<string, string>;

/** What a settled copy holds of the cycle, comparable across copies (ids of new rows left out). */
async function settledOf(connectionString: string, cycle: Cycle) {
  const settlements = await query<Settled>(
    connectionString,
    `select contract_id, coalesce(payer_id, '') as payer_id, payee_id, base_minor::text, coalesce(tier_index, -1)::text as tier_index,
            rate_bp::text, amount_minor::text, status, coalesce(paid_from, '') as paid_from, ledger_key,
            inputs::text as inputs
       from agent_contract_settlements where merchant_id = $1 and cycle_key = $2 order by contract_id`,
    [cycle.merchantId, cycle.key],
  );
  const [totals] = await query<{ count: string; amount: string; counted: string; counted_valid_bet: string }>(
    connectionString,
    `select (select count(*) from agent_contract_settlements where merchant_id = $1 and cycle_key = $2)::text as count,
            (select coalesce(sum(amount_minor), 0) from agent_contract_settlements
              where merchant_id = $1 and cycle_key = $2)::text as amount,
            (select count(*) from agent_contract_counted where merchant_id = $1 and kind = 'daily' and day = $3::date)::text
              as counted,
            (select coalesce(sum(valid_bet_minor), 0) from agent_contract_counted
              where merchant_id = $1 and kind = 'daily' and day = $3::date)::text as counted_valid_bet`,
    [cycle.merchantId, cycle.key, cycle.day],
  );
  const transfers = await query<Settled>(
    connectionString,
    `select idempotency_key, debit_account_id, credit_account_id, amount_minor::text,
            debit_balance_after_minor::text, credit_balance_after_minor::text, code, reference
       from ledger_transfers where merchant_id = $1 and idempotency_key like 'contract:%' order by idempotency_key`,
    [cycle.merchantId],
  );
  const balances = await query<Settled>(
    connectionString,
    `select id, balance_minor::text from ledger_accounts where merchant_id = $1 order by id`,
    [cycle.merchantId],
  );
  const [ledger] = await query<{ total: string; unsound: string }>(
    connectionString,
    `select (select coalesce(sum(balance_minor), 0) from ledger_accounts where merchant_id = $1)::text as total,
            (select count(*) from ledger_accounts a
              where a.merchant_id = $1 and a.balance_minor <>
                coalesce((select sum(amount_minor) from ledger_transfers where credit_account_id = a.id), 0)
                - coalesce((select sum(amount_minor) from ledger_transfers where debit_account_id = a.id), 0))::text
              as unsound`,
    [cycle.merchantId],
  );
  return { settlements, totals, transfers, balances, ledger };
}

/** The two copies must hold the same settlements, counted days, transfers and balances, and sound ledgers. */
function compare(
  ours: Awaited<ReturnType<typeof settledOf>>,
  baseline: Awaited<ReturnType<typeof settledOf>>,
) {
  for (const [name, side] of [
    ['ours', ours],
    ['baseline', baseline],
  ] as const) {
    if (side.ledger?.total !== '0')
      throw new Error(`${name}: the merchant's balances sum to ${side.ledger?.total}`);
    if (side.ledger?.unsound !== '0') {
      throw new Error(`${name}: ${side.ledger?.unsound} balances differ from the sum of their transfers`);
    }
  }
  const waiting = ours.settlements.filter((row) => row.status !== 'paid').length;
  if (waiting > 0)
    throw new Error(`ours: ${waiting} settlements were not paid (the data means every one to be)`);
  const parts: [string, unknown, unknown][] = [
    ['totals', ours.totals, baseline.totals],
    ['settlements', ours.settlements, baseline.settlements],
    ['transfers', ours.transfers, baseline.transfers],
    ['balances', ours.balances, baseline.balances],
  ];
  for (const [name, left, right] of parts) {
    if (JSON.stringify(left) === JSON.stringify(right)) continue;
    const rows = Array.isArray(left) && Array.isArray(right) ? left.length : 0;
    let first = '';
    if (Array.isArray(left) && Array.isArray(right)) {
      const index = left.findIndex((row, at) => JSON.stringify(row) !== JSON.stringify(right[at]));
      first = `\n  first difference at ${index}:\n  ours     ${JSON.stringify(left[index])}\n  baseline ${JSON.stringify(right[index])}`;
    }
    throw new Error(
      `contracts: ours and the baseline differ in ${name} (${rows} rows against ${Array.isArray(right) ? right.length : 0})${first || `\n  ours     ${JSON.stringify(left)}\n  baseline ${JSON.stringify(right)}`}`,
    );
  }
  console.log(
    `  same ${ours.totals?.count} settlements (₱${(Number(ours.totals?.amount) / 100).toFixed(2)}), ${ours.totals?.counted} counted days, ${ours.transfers.length} transfers and ${ours.balances.length} balances on both; both ledgers sum to zero`,
  );
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('contracts: set DATABASE_URL to a PostgreSQL server');
  console.log(
    `contracts: ${MEMBERS} members, ${AGENTS} agents with a daily salary contract; ${ROUNDS} rounds`,
  );
  const template = await ensureContractsTemplate(
    serverUrl,
    { members: MEMBERS, agents: AGENTS },
    console.log,
  );
  const oursSeconds: number[] = [];
  const baselineSeconds: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    console.log(`round ${round} of ${ROUNDS}`);
    const suffix = `${process.pid}_${Date.now().toString(36)}`;
    const copies = {
      ours: await copyTemplate(serverUrl, template, `panalo_bench_ct_ours_${suffix}`),
      baseline: await copyTemplate(serverUrl, template, `panalo_bench_ct_base_${suffix}`),
    };
    try {
      const cycle = await cycleOf(copies.ours.connectionString);
      if (round === 1) console.log(`  cycle ${cycle.key}`);
      const order = round % 2 === 1 ? (['ours', 'baseline'] as const) : (['baseline', 'ours'] as const);
      for (const load of order) {
        if (load === 'ours') oursSeconds.push(await settleOurs(copies.ours.connectionString, cycle));
        else baselineSeconds.push(await settleBaseline(copies.baseline.connectionString, cycle));
      }
      compare(
        await settledOf(copies.ours.connectionString, cycle),
        await settledOf(copies.baseline.connectionString, cycle),
      );
    } finally {
      await copies.ours.drop();
      await copies.baseline.drop();
    }
  }
  const seconds = median(oursSeconds);
  const baseline = median(baselineSeconds);
  console.log(
    `RESULT contracts seconds=${seconds.toFixed(2)} baseline_seconds=${baseline.toFixed(2)} ratio=${(baseline / seconds).toFixed(3)}`,
  );
}

await main();
