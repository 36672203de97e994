/**
 * How long a merchant's daily loyalty work takes for 100,000 members: the day's rebates, the
 * points earning pass and the VIP review, through the app's own jobs, against one hand-written SQL
 * transaction that computes the same amounts and writes the same rows set-based.
 *
 * Needs DATABASE_URL (a PostgreSQL server). The data (generate.ts): the demo merchant with its
 * rebate rates, points programme and five VIP levels, BENCH_MEMBERS members with wallets, one
 * closed day of member rollups (60 % of the members with a rebate to pay, 10 % betting only on
 * types without a rate), deposits of 30 % of them on the day, half of them holding a level (some
 * short of its retention); generated once into a template database and copied for each load, so
 * that both start from the very same rows. Each round, in alternating order:
 *
 *   ours      the app (buildApp, every production hook, no jobs running on their own, its clock at
 *             02:00 merchant time the day after the closed day) on a fresh copy, running the jobs'
 *             handlers in turn, timed together: `rebates.daily` (the closed day paid in batches of
 *             1,000 members through the bonus engine's batch grant, as an operator's
 *             `POST /bo/rebates/run` pays it), `points.earn` (the day's valid bet and deposits
 *             earned in batches of 2,000 members) and `vip.review` (the month's review that lowers
 *             members short of their retention and tells each of it, the day's projections).
 *   baseline  on another fresh copy, one transaction of set-based statements: every member's
 *             rebate by game type at their level's rate (else the merchant's), the paid ones'
 *             active bonuses with their accepted terms, the payouts (skipped for members
 *             promotions may not reach), the merchant's budget day, the ledger transfers `rebate`
 *             from the house's bonus funding into each member's bonus wallet with each side's
 *             balance after it and the balances, the run; the points each changed member day and
 *             type earns and each unearned deposit earns, their records with the balance after
 *             each, the balances and watermarks; the holders' window figures, the lowered levels,
 *             their changes and inbox messages, the job's markers and every holder's projection.
 *
 * Before printing, the two copies must hold the same payouts, bonuses, transfers (by member),
 * balances, budget and runs, the same point records (by key), balances, earnings and watermarks,
 * the same levels held with their projections, level changes, messages, gifts and markers; and on
 * each every account's balance must equal the sum of its transfers and the merchant's balances sum
 * to zero. The last line reads:
 *   RESULT daily-jobs seconds=<ours> baseline_seconds=<baseline> ratio=<baseline/ours>
 * (the medians of the rounds). Targets: at most 30 s, ratio at least 0.3.
 *
 * Settings: BENCH_MEMBERS (100,000), BENCH_ROUNDS (1).
 */
import { randomUUID } from 'node:crypto';
import { parseAmountOrThrow } from '@panalo/money/amount.ts';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import {
  basisPointsOfRate,
  LOYALTY_GAME_TYPES,
  POINT_TYPE_OF_GAME_TYPE,
} from '../../apps/server/src/db/loyalty-rules.ts';
import { acceptedTermsOf } from '../../apps/server/src/modules/bonus/bonus-terms.ts';
import { houseShardOf } from '../../apps/server/src/modules/wallet/ledger.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { isLanguage } from '../../apps/server/src/platform/i18n/language.ts';
import { query } from '../support/database.ts';
import { productionConfig } from '../support/server.ts';
import { median, readBoundedInteger } from '../support/settings.ts';
import { copyTemplate } from '../support/template.ts';
import { ensureDailyJobsTemplate, MEMBER_PREFIX } from './generate.ts';

const MEMBERS = readBoundedInteger('BENCH_MEMBERS', 100_000, 100, 10_000_000);
const ROUNDS = readBoundedInteger('BENCH_ROUNDS', 1, 1, 20);
/** The jobs run in this order, as they would on the morning after the day. */
const JOBS = ['rebates.daily', 'points.earn', 'vip.review'] as const;
/** The bonus engine's scope of the merchant's own daily budget (modules/bonus). */
const MERCHANT_BUDGET_SCOPE = '';
/** A wagering amount no rebate reaches, replaced by each bonus's own in the accepted terms' text. */
const WAGERING_SENTINEL_MINOR = 987_654_321_987n;

type Day = {
  merchantId: string;
  currency: string;
  timeZone: string;
  /** The closed day, yyyy-MM-dd, and the day the jobs run on. */
  day: string;
  today: string;
  dayStart: Date;
  dayEnd: Date;
  /** The jobs' clock: 02:00 merchant time on `today`. */
  at: Date;
};

/** The closed day the template holds bets for, and the moment the jobs run. */
async function dayOf(connectionString: string): Promise<Day> {
  const [row] = await query<{
    merchant_id: string;
    currency: string;
    time_zone: string;
    day: string;
    today: string;
    day_start: Date;
    day_end: Date;
    at: Date;
  }>(
    connectionString,
    `select m.id as merchant_id, m.currency, m.time_zone, d.day::text as day, (d.day + 1)::text as today,
            d.day::timestamp at time zone m.time_zone as day_start,
            (d.day + 1)::timestamp at time zone m.time_zone as day_end,
            ((d.day + 1)::timestamp + interval '2 hours') at time zone m.time_zone as at
       from (select merchant_id, max(day) as day from member_bet_days where member_id like $1
              group by merchant_id) d
       join merchants m on m.id = d.merchant_id`,
    [`${MEMBER_PREFIX}%`],
  );
  if (!row) throw new Error('daily-jobs: the template holds no bets');
  return {
    merchantId: row.merchant_id,
    currency: row.currency,
    timeZone: row.time_zone,
    day: row.day,
    today: row.today,
    dayStart: new Date(row.day_start),
    dayEnd: new Date(row.day_end),
    at: new Date(row.at),
  };
}

/** Ours: the app's own jobs, run in turn on its own copy with the clock at the jobs' moment. */
async function runOurs(connectionString: string, day: Day): Promise<number> {
  const database = await openDatabase({ kind: 'postgres', connectionString });
  const app = await buildApp({
    config: productionConfig(),
    database,
    now: () => new Date(day.at.getTime()),
  });
  try {
    await app.ready();
    const parts: string[] = [];
    const started = performance.now();
    for (const name of JOBS) {
      const job = app.jobs.definitions.find((definition) => definition.name === name);
      if (!job) throw new Error(`daily-jobs: the app has no job ${name}`);
      const jobStarted = performance.now();
      await job.handle({}, { jobId: randomUUID(), retryCount: 0, signal: new AbortController().signal });
      parts.push(`${name} ${((performance.now() - jobStarted) / 1000).toFixed(2)} s`);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`  ours      ${seconds.toFixed(2).padStart(7)} s: ${parts.join(', ')}`);
    return seconds;
  } finally {
    await app.close();
    await database.close();
  }
}

type Parameters = Record<string, unknown>;

/**
 * The baseline's statements in order, each naming its parameters by `$name`. What it leaves out,
 * because this data has none: members with an open bonus or bonus money (whose grants wait for
 * their due work), a budget that runs out, trial accounts, manual claims, earlier earnings of a
 * changed day (its statement takes them into account all the same), and gifts (the levels give
 * none here; the gifts' statements run all the same).
 */
const BASELINE_STATEMENTS: Record<'rebates' | 'points' | 'vip', string[]> = {
  rebates: [
    // Rebates: each member's lines and sum at their level's rate, else the merchant's.
    `create temporary table b_rebates on commit drop as
   with bets as (
     select member_id, game_type, sum(valid_bet_minor)::bigint as basis from member_bet_days
      where merchant_id = $merchantId and day = $day::date and valid_bet_minor > 0
      group by member_id, game_type
   ),
   lines as (
     select b.member_id, b.game_type, b.basis, r.rate_bp, (b.basis * r.rate_bp / 10000)::bigint as amount
       from bets b
       left join member_vip v on v.member_id = b.member_id
       left join vip_levels l on l.id = v.level_id
       cross join lateral (select coalesce((l.rebate_rates ->> b.game_type)::int,
                                           ($ratesBp::jsonb ->> b.game_type)::int, 0) as rate_bp) r
   )
   select l.member_id, sum(l.amount)::bigint as amount,
          jsonb_object_agg(l.game_type, jsonb_build_object('basis', l.basis::text, 'rateBp', l.rate_bp,
            'amount', l.amount::text)) as lines,
          case when m.status <> 'active' or m.promotions_opt_out or coalesce(s.exclusion_ends_at > $at::timestamptz, false)
               then 'NOT_MARKETABLE' end as skip_reason
     from lines l
     join members m on m.id = l.member_id and m.type <> 4
     left join play_settings s on s.member_id = l.member_id
    where not exists (select 1 from rebate_payouts p where p.member_id = l.member_id and p.day = $day::date)
      and not exists (select 1 from rebate_payouts p where p.member_id = l.member_id and p.mode = 'manual'
                        and p.covered_to > $dayStart)
    group by l.member_id, m.status, m.promotions_opt_out, s.exclusion_ends_at
   having sum(l.amount) >= $minimumMinor::bigint`,
    `create temporary table b_paid on commit drop as
   select r.member_id, r.amount, gen_random_uuid()::text as bonus_id, row_number() over (order by r.member_id) as n
     from b_rebates r where r.skip_reason is null`,
    `insert into member_bonuses (id, merchant_id, member_id, currency, source, amount_minor, wagering_required_minor,
     contributions, expiry_days, terms, status, granted_at, activated_at, expires_at)
   select bonus_id, $merchantId, member_id, $currency, 'rebate', amount, $multiplier::int * amount, $contributions::jsonb,
          $expiryDays::int, replace($termsText, $sentinel, ($multiplier::int * amount / 100.0)::numeric(20, 2)::text)::jsonb,
          'active', $at::timestamptz, $at::timestamptz, $at::timestamptz + $expiryDays::int * interval '24 hours'
     from b_paid`,
    `insert into rebate_payouts (id, merchant_id, member_id, mode, day, covered_from, covered_to, basis, amount_minor,
     lines, status, skip_reason, bonus_id, created_at)
   select gen_random_uuid()::text, $merchantId, r.member_id, 'auto', $day::date, $dayStart, $dayEnd, 'validBet',
          r.amount, r.lines, case when r.skip_reason is null then 'paid' else 'skipped' end, r.skip_reason,
          p.bonus_id, $at::timestamptz
     from b_rebates r left join b_paid p on p.member_id = r.member_id`,
    `insert into promotion_budget_days as b (merchant_id, scope, day, granted_minor)
   select $merchantId, $budgetScope, $budgetDay::date, sum(amount) from b_paid having count(*) > 0
   on conflict (merchant_id, scope, day) do update set granted_minor = b.granted_minor + excluded.granted_minor`,
    `create temporary table b_transfers on commit drop as
   select p.*, gen_random_uuid()::text as transfer_id, house.id as debit_id, wallet.id as credit_id
     from b_paid p
     join ledger_accounts wallet on wallet.owner_id = p.member_id and wallet.kind = 'player_bonus'
       and wallet.currency = $currency
     join unnest($shardMembers::text[], $shards::int[]) as shard(member_id, shard) on shard.member_id = p.member_id
     join ledger_accounts house on house.merchant_id = $merchantId and house.kind = 'house'
       and house.purpose = 'bonus_funding' and house.currency = $currency and house.shard = shard.shard`,
    // Each side's balance after each transfer, in the order the job pays them (by member).
    `create temporary table b_moves on commit drop as
   select m.transfer_id, m.is_debit,
          a.balance_minor + sum(m.delta) over (partition by m.account_id order by m.n) as balance_after
     from (select transfer_id, n, debit_id as account_id, true as is_debit, -amount as delta from b_transfers
           union all
           select transfer_id, n, credit_id, false, amount from b_transfers) m
     join ledger_accounts a on a.id = m.account_id`,
    `insert into ledger_transfers (id, merchant_id, idempotency_key, code, reference, debit_account_id, credit_account_id,
     currency, amount_minor, debit_balance_after_minor, credit_balance_after_minor)
   select t.transfer_id, $merchantId, 'bonus:' || t.bonus_id || ':grant', 'rebate', 'bonus:' || t.bonus_id, t.debit_id,
          t.credit_id, $currency, t.amount, d.balance_after, c.balance_after
     from b_transfers t
     join b_moves d on d.transfer_id = t.transfer_id and d.is_debit
     join b_moves c on c.transfer_id = t.transfer_id and not c.is_debit
    order by t.n`,
    `update ledger_accounts a set balance_minor = a.balance_minor + moved.delta
     from (select account_id, sum(delta) as delta
             from (select debit_id as account_id, -amount as delta from b_transfers
                   union all select credit_id, amount from b_transfers) sides
            group by account_id) moved
    where a.id = moved.account_id`,
    `insert into rebate_runs (merchant_id, day, status, started_at, finished_at)
   values ($merchantId, $day::date, 'done', $at::timestamptz, $at::timestamptz)
   on conflict (merchant_id, day) do update set status = 'done', finished_at = excluded.finished_at`,
  ],
  points: [
    // Points: what each changed (member, day, game type) earns against what it earned before.
    `create temporary table b_earned on commit drop as
   with changed as (
     select distinct member_id, day, game_type from member_bet_days
      where merchant_id = $merchantId and ($betsSince::timestamptz is null or changed_at > $betsSince)
   ),
   sums as (
     select c.member_id, c.day, c.game_type, sum(d.valid_bet_minor)::bigint as valid_bet
       from changed c
       join member_bet_days d on d.member_id = c.member_id and d.day = c.day and d.game_type = c.game_type
      group by c.member_id, c.day, c.game_type
   )
   select s.*, e.valid_bet_minor as earned_on, coalesce(e.points, 0) as given, coalesce(e.revision, 0) + 1 as revision,
          t.point_type,
          case
            when s.valid_bet > coalesce(e.valid_bet_minor, 0) then greatest(0,
              coalesce(s.valid_bet / r.per_minor * r.points * coalesce(l.points_multiplier_bp, 10000) / 10000, 0)
              - coalesce(e.points, 0))
            when s.valid_bet < e.valid_bet_minor then floor(e.points::numeric * s.valid_bet / e.valid_bet_minor)::bigint
              - e.points
            else 0
          end::bigint as delta
     from sums s
     left join point_earnings e on e.member_id = s.member_id and e.day = s.day and e.game_type = s.game_type
     left join unnest($ruleTypes::text[], $rulePers::bigint[], $rulePoints::bigint[]) as r(game_type, per_minor, points)
       on r.game_type = s.game_type
     left join unnest($gameTypes::text[], $pointTypes::text[]) as t(game_type, point_type) on t.game_type = s.game_type
     left join member_vip v on v.member_id = s.member_id
     left join vip_levels l on l.id = v.level_id`,
    `insert into point_earnings as e (member_id, day, game_type, merchant_id, valid_bet_minor, points, revision,
     updated_at)
   select member_id, day, game_type, $merchantId, valid_bet, given + delta, revision, $at::timestamptz from b_earned
    where valid_bet <> coalesce(earned_on, 0) and (earned_on is not null or delta <> 0)
   on conflict (member_id, day, game_type) do update
     set valid_bet_minor = excluded.valid_bet_minor, points = excluded.points, revision = excluded.revision,
         updated_at = excluded.updated_at`,
    `create temporary table b_deposits on commit drop as
   select d.id, d.member_id, d.amount_minor, d.credited_at,
          coalesce(d.amount_minor / $depositPer::bigint * $depositPoints::bigint
            * coalesce(l.points_multiplier_bp, 10000) / 10000, 0)::bigint as points
     from deposits d
     left join member_vip v on v.member_id = d.member_id
     left join vip_levels l on l.id = v.level_id
    where d.merchant_id = $merchantId and d.status = 'credited'
      and ($depositsSince::timestamptz is null or d.credited_at > $depositsSince)
      and not exists (select 1 from point_records r where r.key = 'deposit:' || d.id)`,
    // Every change in the order the job applies it: a member's bets by day and type, then deposits.
    `create temporary table b_deltas on commit drop as
   select member_id, 0 as phase, day as at_day, null::timestamptz as at_time, game_type as tie,
          case when delta > 0 and point_type is not null then point_type else 'clawback' end as type, delta,
          'bet:' || member_id || ':' || day::text || ':' || game_type || ':' || revision as key,
          jsonb_build_object('day', day::text, 'gameType', game_type,
            'validBet', (valid_bet / 100.0)::numeric(20, 2)::text)
          || case when delta > 0 then jsonb_build_object('earned', delta::text)
                  else jsonb_build_object('clawedBack', (-delta)::text) end as detail
     from b_earned where delta <> 0 and valid_bet <> coalesce(earned_on, 0)
   union all
   select member_id, 1, null, credited_at, id, 'deposit', points, 'deposit:' || id,
          jsonb_build_object('amount', (amount_minor / 100.0)::numeric(20, 2)::text, 'earned', points::text)
     from b_deposits where points > 0 and $depositPer::bigint is not null`,
    `create temporary table b_net on commit drop as
   select m.member_id, coalesce(p.balance - p.owed, 0) as net
     from (select distinct member_id from b_deltas) m left join member_points p on p.member_id = m.member_id`,
    `insert into point_records (id, merchant_id, member_id, type, points, balance, detail, key, created_at)
   select gen_random_uuid()::text, $merchantId, member_id, type,
          greatest(net_after, 0) - greatest(net_after - delta, 0), greatest(net_after, 0),
          detail || jsonb_strip_nulls(jsonb_build_object(
            'owedPaid', nullif(greatest(greatest(delta - net_after, 0) - greatest(-net_after, 0), 0), 0)::text,
            'owedAdded', nullif(greatest(greatest(-net_after, 0) - greatest(delta - net_after, 0), 0), 0)::text)),
          key, $at::timestamptz
     from (select d.*, n.net + sum(d.delta) over (partition by d.member_id
                    order by d.phase, d.at_day, d.at_time, d.tie) as net_after
             from b_deltas d join b_net n on n.member_id = d.member_id) seq`,
    `insert into member_points as p (member_id, merchant_id, balance, owed, updated_at)
   select n.member_id, $merchantId, greatest(n.net + t.total, 0), greatest(-(n.net + t.total), 0), $at::timestamptz
     from (select member_id, sum(delta) as total from b_deltas group by member_id) t
     join b_net n on n.member_id = t.member_id
   on conflict (member_id) do update
     set balance = excluded.balance, owed = excluded.owed, updated_at = excluded.updated_at`,
    // The job keeps its watermarks as the app's clock reads them, to the millisecond.
    `insert into point_earn_watermarks as w (merchant_id, bets_changed_at, deposits_credited_at)
   values ($merchantId,
           date_trunc('milliseconds', (select max(changed_at) from member_bet_days
             where merchant_id = $merchantId and ($betsSince::timestamptz is null or changed_at > $betsSince))),
           case when $depositPer::bigint is null then $at::timestamptz
                else date_trunc('milliseconds', (select max(credited_at) from b_deposits)) end)
   on conflict (merchant_id) do update
     set bets_changed_at = greatest(w.bets_changed_at, excluded.bets_changed_at),
         deposits_credited_at = greatest(w.deposits_credited_at, excluded.deposits_credited_at)`,
  ],
  vip: [
    // VIP: the holders' window figures, the levels' bars.
    `create temporary table b_figures on commit drop as
   select v.member_id, v.rank, v.guaranteed_until,
          coalesce((select sum(d.amount_minor) from deposits d where d.member_id = v.member_id
                      and d.status = 'credited' and d.credited_at >= $windowStart), 0) as dep,
          coalesce((select sum(b.valid_bet_minor) from member_bet_days b where b.member_id = v.member_id
                      and b.day >= $windowFromDay::date), 0) as vb
     from member_vip v where v.merchant_id = $merchantId`,
    `create temporary table b_lowered on commit drop as
   select gen_random_uuid()::text as change_id, f.member_id, f.rank as from_rank, kept.rank as to_rank
     from b_figures f
     cross join lateral (select max(l.rank) as rank from vip_levels l
                          where l.merchant_id = $merchantId and l.rank <= f.rank
                            and ((f.dep >= l.keep_deposit_minor and f.vb >= l.keep_valid_bet_minor)
                              or (f.dep >= l.deposit_minor and f.vb >= l.valid_bet_minor))) kept
    where f.guaranteed_until <= $at::timestamptz and kept.rank is distinct from f.rank`,
    `update member_vip v set level_id = l.id, rank = l.rank, reached_at = $at::timestamptz, updated_at = $at::timestamptz, projection = null,
          projected_rank = null, projected_at = null
     from b_lowered c join vip_levels l on l.merchant_id = $merchantId and l.rank = c.to_rank
    where v.member_id = c.member_id`,
    `delete from member_vip v using b_lowered c where v.member_id = c.member_id and c.to_rank is null`,
    `insert into vip_level_changes (id, merchant_id, member_id, from_rank, to_rank, reason, created_at)
   select change_id, $merchantId, member_id, from_rank, to_rank, 'review', $at::timestamptz from b_lowered`,
    `insert into member_messages (id, merchant_id, member_id, kind, params, dedupe_key, created_at)
   select gen_random_uuid()::text, $merchantId, c.member_id,
          case when coalesce(c.to_rank, 0) > coalesce(c.from_rank, 0) then 'vip_up' else 'vip_down' end,
          case when l.id is null then jsonb_build_object('label', '', 'levelEN', '', 'levelTY', '')
               else jsonb_build_object('label', l.label,
                 'levelEN', l.label || ' ' || coalesce(l.names ->> 'EN', l.names ->> $language),
                 'levelTY', l.label || ' ' || coalesce(l.names ->> 'TY', l.names ->> $language)) end,
          'vip:' || c.change_id, $at::timestamptz
     from b_lowered c left join vip_levels l on l.merchant_id = $merchantId and l.rank = c.to_rank`,
    `insert into vip_gifts (id, merchant_id, member_id, kind, key, rank, amount_minor, status, created_at)
   select gen_random_uuid()::text, v.merchant_id, v.member_id, 'monthly', 'monthly:' || v.member_id || ':' || $month,
          v.rank, l.monthly_bonus_minor, 'waiting', $at::timestamptz
     from member_vip v join vip_levels l on l.id = v.level_id
    where v.merchant_id = $merchantId and l.monthly_bonus_minor > 0
   on conflict (key) do nothing`,
    // Every holder's projection against the next review (next month's review day).
    `update member_vip v set projection = p.outcome, projected_rank = p.projected_rank, projected_at = $at::timestamptz
     from (select f.member_id,
                  case when e.rank > v.rank then 'rise'
                       when v.guaranteed_until > $reviewAt or k.rank = v.rank then 'keep' else 'fall' end as outcome,
                  case when e.rank > v.rank then e.rank
                       when v.guaranteed_until > $reviewAt or k.rank = v.rank then v.rank else k.rank end as projected_rank
             from b_figures f
             join member_vip v on v.member_id = f.member_id
             cross join lateral (select max(l.rank) as rank from vip_levels l where l.merchant_id = $merchantId
                                   and f.dep >= l.deposit_minor and f.vb >= l.valid_bet_minor) e
             cross join lateral (select max(l.rank) as rank from vip_levels l
                                  where l.merchant_id = $merchantId and l.rank <= v.rank
                                    and ((f.dep >= l.keep_deposit_minor and f.vb >= l.keep_valid_bet_minor)
                                      or (f.dep >= l.deposit_minor and f.vb >= l.valid_bet_minor))) k) p
    where v.member_id = p.member_id`,
    `insert into vip_gifts (id, merchant_id, member_id, kind, key, rank, amount_minor, status, created_at)
   select gen_random_uuid()::text, v.merchant_id, v.member_id, 'birthday',
          'birthday:' || v.member_id || ':' || $year, v.rank, l.birthday_bonus_minor, 'waiting', $at::timestamptz
     from member_vip v join vip_levels l on l.id = v.level_id join members m on m.id = v.member_id
    where v.merchant_id = $merchantId and l.birthday_bonus_minor > 0 and m.birthday is not null
      and extract(month from m.birthday) = $monthNumber::int and m.created_at <= $openedBy
   on conflict (key) do nothing`,
    `update vip_gifts set status = 'dropped', decided_at = $at::timestamptz
    where merchant_id = $merchantId and status = 'waiting' and created_at < $staleBefore`,
    `insert into vip_job_state as s (merchant_id, reviewed_month, daily_day, updated_at)
   values ($merchantId, $month, $today::date, $at::timestamptz)
   on conflict (merchant_id) do update
     set reviewed_month = excluded.reviewed_month, daily_day = excluded.daily_day, updated_at = excluded.updated_at`,
  ],
};

const DAY_MS = 86_400_000;

/** What the baseline reads of the merchant before its statements: settings, members' shards. */
async function parametersOf(client: pg.Client, day: Day): Promise<Parameters> {
  const { rows } = await client.query<{
    settings: {
      rebate: {
        basis: string;
        rates: Record<string, string>;
        multiplier: number;
        expiryDays: number;
        minimumAmount: string;
      };
      points: {
        earn: Record<string, { per: string; points: number } | undefined>;
        deposit: { per: string; points: number } | null;
      };
      vip: { windowDays: number; reviewDay: number };
    };
    default_language: string;
    bets_changed_at: Date | null;
    deposits_credited_at: Date | null;
  }>(
    `select m.settings, m.default_language, w.bets_changed_at, w.deposits_credited_at
       from merchants m left join point_earn_watermarks w on w.merchant_id = m.id where m.id = $1`,
    [day.merchantId],
  );
  const merchant = rows[0];
  if (!merchant) throw new Error('daily-jobs: the merchant is missing');
  const { rebate, points, vip } = merchant.settings;
  if (rebate.basis !== 'validBet') throw new Error('daily-jobs: the baseline pays rebates on valid bet only');
  // The house's bonus funding shard of each member with a rebate (FNV-1a of the id, as the ledger picks it).
  const { rows: bettors } = await client.query<{ member_id: string }>(
    `select distinct member_id from member_bet_days where merchant_id = $1 and day = $2::date`,
    [day.merchantId, day.day],
  );
  const language = isLanguage(merchant.default_language) ? merchant.default_language : 'TY';
  const contributions = Object.fromEntries(LOYALTY_GAME_TYPES.map((type) => [type, 10_000]));
  const termsText = JSON.stringify(
    acceptedTermsOf(
      {
        multiplier: rebate.multiplier,
        includeDeposit: false,
        contributions,
        maxStakeMinor: null,
        expiryDays: rebate.expiryDays,
        maxConversionMinor: null,
        minSpinStakeMinor: null,
        minSpinLines: null,
      },
      WAGERING_SENTINEL_MINOR,
      language,
    ),
  );
  const rules = LOYALTY_GAME_TYPES.flatMap((gameType) => {
    const rule = points.earn[POINT_TYPE_OF_GAME_TYPE[gameType]];
    const perMinor = rule ? parseAmountOrThrow(rule.per) : 0n;
    return rule && perMinor > 0n && rule.points > 0 ? [{ gameType, perMinor, points: rule.points }] : [];
  });
  const depositRule =
    points.deposit && parseAmountOrThrow(points.deposit.per) > 0n && points.deposit.points > 0
      ? points.deposit
      : null;
  const back = (at: Date | null) => (at === null ? null : new Date(new Date(at).getTime() - 5 * 60_000));
  const [window] = (
    await client.query<{ from_day: string; starts_at: Date; review_at: Date }>(
      `select ($1::date - ($2::int - 1))::text as from_day,
              ($1::date - ($2::int - 1))::timestamp at time zone $3 as starts_at,
              ((date_trunc('month', $1::date) + interval '1 month')::date + ($4::int - 1))::timestamp
                at time zone $3 as review_at`,
      [day.today, vip.windowDays, day.timeZone, vip.reviewDay],
    )
  ).rows;
  if (!window) throw new Error('daily-jobs: no window');
  return {
    merchantId: day.merchantId,
    currency: day.currency,
    day: day.day,
    today: day.today,
    dayStart: day.dayStart,
    dayEnd: day.dayEnd,
    at: day.at,
    ratesBp: JSON.stringify(
      Object.fromEntries(Object.entries(rebate.rates).map(([type, rate]) => [type, basisPointsOfRate(rate)])),
    ),
    minimumMinor: (() => {
      const minimum = parseAmountOrThrow(rebate.minimumAmount);
      return (minimum > 0n ? minimum : 1n).toString();
    })(),
    multiplier: rebate.multiplier,
    expiryDays: rebate.expiryDays,
    contributions: JSON.stringify(contributions),
    termsText,
    sentinel: (Number(WAGERING_SENTINEL_MINOR) / 100).toFixed(2),
    budgetScope: MERCHANT_BUDGET_SCOPE,
    budgetDay: day.today,
    shardMembers: bettors.map((row) => row.member_id),
    shards: bettors.map((row) => houseShardOf(row.member_id)),
    ruleTypes: rules.map((rule) => rule.gameType),
    rulePers: rules.map((rule) => rule.perMinor.toString()),
    rulePoints: rules.map((rule) => rule.points),
    gameTypes: Object.keys(POINT_TYPE_OF_GAME_TYPE),
    pointTypes: Object.values(POINT_TYPE_OF_GAME_TYPE),
    betsSince: back(merchant.bets_changed_at),
    depositsSince: back(merchant.deposits_credited_at),
    depositPer: depositRule ? parseAmountOrThrow(depositRule.per).toString() : null,
    depositPoints: depositRule ? depositRule.points : null,
    windowFromDay: window.from_day,
    windowStart: window.starts_at,
    reviewAt: window.review_at,
    language,
    month: day.today.slice(0, 7),
    year: day.today.slice(0, 4),
    monthNumber: Number(day.today.slice(5, 7)),
    openedBy: new Date(day.at.getTime() - 30 * DAY_MS),
    staleBefore: new Date(day.at.getTime() - 90 * DAY_MS),
  };
}

/** The baseline: the same work in one transaction of set-based statements, on its own copy. */
async function runBaseline(connectionString: string, day: Day): Promise<number> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('begin');
    await client.query(`set local statement_timeout = '600s'`);
    const parameters = await parametersOf(client, day);
    const parts: string[] = [`reading ${((performance.now() - started) / 1000).toFixed(2)} s`];
    for (const [part, statements] of Object.entries(BASELINE_STATEMENTS)) {
      const partStarted = performance.now();
      for (const statement of statements) {
        // Each statement's named parameters become $1, $2 … in order of first use.
        const names: string[] = [];
        const text = statement.replace(/\$([a-zA-Z]+)/g, (_, name: string) => {
          if (!(name in parameters)) throw new Error(`daily-jobs: no baseline parameter ${name}`);
          if (!names.includes(name)) names.push(name);
          return `$${names.indexOf(name) + 1}`;
        });
        await client.query(
          text,
          names.map((name) => parameters[name]),
        );
      }
      parts.push(`${part} ${((performance.now() - partStarted) / 1000).toFixed(2)} s`);
    }
    const committing = performance.now();
    await client.query('commit');
    parts.push(`commit ${((performance.now() - committing) / 1000).toFixed(2)} s`);
    const seconds = (performance.now() - started) / 1000;
    console.log(`  baseline  ${seconds.toFixed(2).padStart(7)} s: ${parts.join(', ')}`);
    return seconds;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Each part of what the day's work leaves, as comparable lines (ids of new rows left out). */
const OUTCOME_QUERIES: Record<string, string> = {
  payouts: `select row(p.member_id, p.mode, p.day, p.covered_from, p.covered_to, p.basis, p.amount_minor,
              p.lines::text, p.status, p.skip_reason, b.member_id, b.amount_minor, p.created_at)::text
              from rebate_payouts p left join member_bonuses b on b.id = p.bonus_id
             where p.merchant_id = $1 order by p.member_id, p.day`,
  bonuses: `select row(member_id, currency, source, promotion_id, amount_minor, deposit_minor,
              wagering_required_minor, wagered_minor, contributions::text, max_stake_minor, max_conversion_minor,
              min_spin_stake_minor, min_spin_lines, expiry_days, terms::text, status, granted_at, activated_at,
              expires_at, ended_at, entry_id)::text
              from member_bonuses where merchant_id = $1 order by member_id, granted_at, amount_minor`,
  transfers: `select row(coalesce(b.member_id, t.idempotency_key), t.code,
              t.reference = 'bonus:' || b.id, t.idempotency_key = 'bonus:' || b.id || ':grant', t.debit_account_id,
              t.credit_account_id, t.currency, t.amount_minor, t.debit_balance_after_minor,
              t.credit_balance_after_minor)::text
              from ledger_transfers t left join member_bonuses b on t.reference = 'bonus:' || b.id
             where t.merchant_id = $1 order by 1`,
  balances: `select row(id, balance_minor)::text from ledger_accounts where merchant_id = $1 order by id`,
  budget: `select row(scope, day, granted_minor)::text from promotion_budget_days where merchant_id = $1
            order by scope, day`,
  runs: `select row(day, status, started_at, finished_at)::text from rebate_runs where merchant_id = $1
          order by day`,
  pointRecords: `select row(key, member_id, type, points, balance, detail::text, remark, created_at)::text
                   from point_records where merchant_id = $1 order by key`,
  pointBalances: `select row(member_id, balance, owed, updated_at)::text from member_points
                    where merchant_id = $1 order by member_id`,
  pointEarnings: `select row(member_id, day, game_type, valid_bet_minor, points, revision, updated_at)::text
                    from point_earnings where merchant_id = $1 order by member_id, day, game_type`,
  pointWatermarks: `select row(bets_changed_at, deposits_credited_at)::text from point_earn_watermarks
                      where merchant_id = $1`,
  levels: `select row(member_id, level_id, rank, reached_at, guaranteed_until, projection, projected_rank,
             projected_at, updated_at)::text from member_vip where merchant_id = $1 order by member_id`,
  levelChanges: `select row(member_id, from_rank, to_rank, reason, operator_id, note, created_at)::text
                   from vip_level_changes where merchant_id = $1 order by member_id, created_at`,
  messages: `select row(m.member_id, m.kind, m.params::text, m.created_at, m.read_at,
               m.dedupe_key = 'vip:' || c.id)::text
               from member_messages m left join vip_level_changes c on c.member_id = m.member_id
              where m.merchant_id = $1 order by m.member_id, m.kind, m.dedupe_key`,
  gifts: `select row(key, member_id, kind, rank, amount_minor, status, created_at, decided_at)::text
            from vip_gifts where merchant_id = $1 order by key`,
  markers: `select row(bets_changed_at, deposits_credited_at, daily_day, reviewed_month, updated_at)::text
              from vip_job_state where merchant_id = $1`,
};

type Outcome = {
  parts: Record<string, string[]>;
  ledger: { total: string; unsound: string };
  figures: {
    paid: string;
    paid_minor: string;
    skipped: string;
    records: string;
    points: string;
    lowered: string;
    messages: string;
    projections: string;
  };
};

async function outcomeOf(connectionString: string, day: Day): Promise<Outcome> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const parts: Record<string, string[]> = {};
    for (const [name, text] of Object.entries(OUTCOME_QUERIES)) {
      const { rows } = await client.query<{ line: string }>(text, [day.merchantId]);
      parts[name] = rows.map((row) => String(Object.values(row)[0]));
    }
    const ledger = (
      await client.query<{ total: string; unsound: string }>(
        // Set-based: per-account correlated sums plan a scan of the transfers for each account.
        `with moved as (
           select account_id, sum(delta) as balance from (
             select credit_account_id as account_id, amount_minor as delta from ledger_transfers where merchant_id = $1
             union all
             select debit_account_id, -amount_minor from ledger_transfers where merchant_id = $1) sides
            group by account_id)
         select (select coalesce(sum(balance_minor), 0) from ledger_accounts where merchant_id = $1)::text as total,
                (select count(*) from ledger_accounts a left join moved m on m.account_id = a.id
                  where a.merchant_id = $1 and a.balance_minor <> coalesce(m.balance, 0))::text as unsound`,
        [day.merchantId],
      )
    ).rows[0];
    const figures = (
      await client.query<Outcome['figures']>(
        `select (select count(*) from rebate_payouts where merchant_id = $1 and status = 'paid')::text as paid,
                (select coalesce(sum(amount_minor), 0) from rebate_payouts
                  where merchant_id = $1 and status = 'paid')::text as paid_minor,
                (select count(*) from rebate_payouts where merchant_id = $1 and status = 'skipped')::text as skipped,
                (select count(*) from point_records where merchant_id = $1)::text as records,
                (select coalesce(sum(points), 0) from point_records where merchant_id = $1)::text as points,
                (select count(*) from vip_level_changes where merchant_id = $1 and reason = 'review')::text as lowered,
                (select count(*) from member_messages where merchant_id = $1)::text as messages,
                (select string_agg(projection || ' ' || n, ', ' order by projection)
                   from (select projection, count(*) as n from member_vip where merchant_id = $1
                          group by projection) p) as projections`,
        [day.merchantId],
      )
    ).rows[0];
    if (!ledger || !figures) throw new Error('daily-jobs: the audit read nothing');
    return { parts, ledger, figures };
  } finally {
    await client.end();
  }
}

/** The two copies must hold the same outcome, and sound ledgers. */
function compare(ours: Outcome, baseline: Outcome): void {
  for (const [name, side] of [
    ['ours', ours],
    ['baseline', baseline],
  ] as const) {
    if (side.ledger.total !== '0')
      throw new Error(`${name}: the merchant's balances sum to ${side.ledger.total}`);
    if (side.ledger.unsound !== '0') {
      throw new Error(`${name}: ${side.ledger.unsound} balances differ from the sum of their transfers`);
    }
  }
  for (const name of Object.keys(OUTCOME_QUERIES)) {
    const left = ours.parts[name] ?? [];
    const right = baseline.parts[name] ?? [];
    if (left.length === right.length && left.every((line, index) => line === right[index])) continue;
    const index = left.findIndex((line, at) => line !== right[at]);
    const at = index === -1 ? left.length : index;
    throw new Error(
      `daily-jobs: ours and the baseline differ in ${name} (${left.length} rows against ${right.length}); first difference at ${at}:\n  ours     ${left[at]}\n  baseline ${right[at]}`,
    );
  }
  const { figures } = ours;
  console.log(
    `  same on both: ${figures.paid} rebates paid (₱${(Number(figures.paid_minor) / 100).toFixed(2)}), ${figures.skipped} skipped; ${figures.records} point records (${figures.points} points); ${figures.lowered} members lowered and told (${figures.messages} messages), projections ${figures.projections}; ${ours.parts.transfers?.length} transfers, ${ours.parts.balances?.length} balances; both ledgers sum to zero`,
  );
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('daily-jobs: set DATABASE_URL to a PostgreSQL server');
  console.log(`daily-jobs: ${MEMBERS} members; rebates, points and the VIP review; ${ROUNDS} rounds`);
  const template = await ensureDailyJobsTemplate(serverUrl, { members: MEMBERS }, console.log);
  const oursSeconds: number[] = [];
  const baselineSeconds: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    console.log(`round ${round} of ${ROUNDS}`);
    const suffix = `${process.pid}_${Date.now().toString(36)}`;
    const copies = {
      ours: await copyTemplate(serverUrl, template, `panalo_bench_dj_ours_${suffix}`),
      baseline: await copyTemplate(serverUrl, template, `panalo_bench_dj_base_${suffix}`),
    };
    try {
      const day = await dayOf(copies.ours.connectionString);
      if (round === 1) console.log(`  closed day ${day.day}, the jobs at ${day.at.toISOString()}`);
      const order = round % 2 === 1 ? (['ours', 'baseline'] as const) : (['baseline', 'ours'] as const);
      for (const load of order) {
        if (load === 'ours') oursSeconds.push(await runOurs(copies.ours.connectionString, day));
        else baselineSeconds.push(await runBaseline(copies.baseline.connectionString, day));
      }
      compare(
        await outcomeOf(copies.ours.connectionString, day),
        await outcomeOf(copies.baseline.connectionString, day),
      );
    } finally {
      await copies.ours.drop();
      await copies.baseline.drop();
    }
  }
  const seconds = median(oursSeconds);
  const baseline = median(baselineSeconds);
  console.log(
    `RESULT daily-jobs seconds=${seconds.toFixed(2)} baseline_seconds=${baseline.toFixed(2)} ratio=${(baseline / seconds).toFixed(3)}`,
  );
}

await main();
