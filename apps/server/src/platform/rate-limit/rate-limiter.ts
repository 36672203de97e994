import { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { present } from '../errors/invariant.ts';

/**
 * A limit of `limit` events per rolling `windowSeconds`, named so that its keys never collide.
 * With `delay`, a growing delay comes before the limit: from `after` events in the window on, the
 * next one is refused (and not counted) until `baseSeconds × 2^(count − after)`, at most
 * `maxSeconds`, have passed since the latest, so that whoever keeps failing slows themselves.
 */
export type RateLimitRule = {
  name: string;
  limit: number;
  windowSeconds: number;
  delay?: { after: number; baseSeconds: number; maxSeconds: number };
};

/**
 * `count` is the events in the window, this one included when it was counted. A counted event
 * carries a `ticket` that gives it back (refund); a refused one may have been counted (over the
 * limit, so that hammering keeps the window full) or not (a delay), and says when to come back.
 */
export type RateLimitResult = {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
  ticket: string | null;
};

export type RateLimiter = {
  /** Counts one event for key under rule (unless a delay refuses it) and says whether it is within the limit. */
  hit(rule: RateLimitRule, key: string): Promise<RateLimitResult>;
  /** The events counted in the current window, without counting one. */
  peek(rule: RateLimitRule, key: string): Promise<number>;
  /**
   * Gives back one event counted by hit, e.g. an attempt that turned out not to be a failure; an
   * event counted past the limit is not given back (its ticket says so).
   */
  refund(rule: RateLimitRule, key: string, ticket: string): Promise<void>;
  reset(rule: RateLimitRule, key: string): Promise<void>;
  close(): Promise<void>;
};

export type Clock = () => number;

/** Bounds the in-process store against a flood of distinct keys (made-up accounts, spoofed IPs). */
const MEMORY_KEYS_MAX = 100_000;
const KEY_PREFIX = 'panalo:rl:';
/** How often the database store deletes its dead rows, at most. */
const DATABASE_PURGE_INTERVAL_MS = 60_000;
/**
 * Marks the ticket of an event counted past the limit, which refund leaves alone: a store keeps
 * only limit + 1 events, so past the limit each new event pushes an old one out, and giving
 * those back too would let a burst wear the count down below what it holds.
 */
const PAST_LIMIT_TICKET_PREFIX = 'past-limit:';
/** 2^40 seconds is past any delay's ceiling; the exponent stops there. */
const DELAY_EXPONENT_MAX = 40;

/**
 * Redis (shared by every node) when a URL is given, else the database (shared by every node and
 * kept across restarts); the in-process store is for unit tests of the rules themselves.
 */
export function createRateLimiter(options: {
  redisUrl: string | undefined;
  db: Kysely<Database>;
  now?: Clock;
  /**
   * Names the installation in the Redis keys (its database's name), so that two installations
   * sharing one Redis, or two test files running at once, never count each other's attempts.
   */
  namespace?: string;
}): RateLimiter {
  const now = options.now ?? Date.now;
  return options.redisUrl
    ? createRedisRateLimiter(options.redisUrl, now, options.namespace)
    : createDatabaseRateLimiter(options.db, now);
}

/** The wait a delay rule imposes after `count` events, in milliseconds (0: none). */
export function delayAfterMs(rule: RateLimitRule, count: number): number {
  if (!rule.delay || count < rule.delay.after) return 0;
  const exponent = Math.min(count - rule.delay.after, DELAY_EXPONENT_MAX);
  return Math.min(rule.delay.maxSeconds, rule.delay.baseSeconds * 2 ** exponent) * 1000;
}

/** When a delay refuses the next event after these (sorted) timestamps, the milliseconds left. */
function delayLeftMs(rule: RateLimitRule, timestampsMs: readonly number[], nowMs: number): number {
  const latest = timestampsMs[timestampsMs.length - 1];
  if (latest === undefined) return 0;
  return Math.max(0, latest + delayAfterMs(rule, timestampsMs.length) - nowMs);
}

/** Says what a hit came to, from the window's timestamps after it (sorted) and whether it was counted. */
function decide(
  rule: RateLimitRule,
  timestampsMs: readonly number[],
  nowMs: number,
  ticket: string | null,
): RateLimitResult {
  const count = timestampsMs.length;
  if (ticket === null) {
    // A delay refused it: allowed again once the delay after the latest event has passed.
    const waitMs = delayLeftMs(rule, timestampsMs, nowMs);
    return { allowed: false, count, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)), ticket };
  }
  if (count <= rule.limit) return { allowed: true, count, retryAfterSeconds: 0, ticket };
  // Over the limit: allowed again once enough of the counted events have left the window.
  const oldestThatMustLeave = timestampsMs[count - rule.limit - 1] ?? nowMs;
  const waitMs = oldestThatMustLeave + rule.windowSeconds * 1000 - nowMs;
  return {
    allowed: false,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
    ticket: `${PAST_LIMIT_TICKET_PREFIX}${ticket}`,
  };
}

/** Rolling windows kept as the timestamps of the latest events, at most limit + 1 per key. */
export function createMemoryRateLimiter(now: Clock = Date.now): RateLimiter {
  const events = new Map<string, number[]>();

  function live(rule: RateLimitRule, key: string, nowMs: number): number[] {
    const id = `${rule.name}:${key}`;
    const since = nowMs - rule.windowSeconds * 1000;
    const list = (events.get(id) ?? []).filter((timestamp) => timestamp > since);
    if (list.length === 0) events.delete(id);
    else events.set(id, list);
    return list;
  }

  function evictIfFull(): void {
    if (events.size < MEMORY_KEYS_MAX) return;
    // Map iteration is insertion order: the oldest keys go first.
    const excess = events.size - MEMORY_KEYS_MAX + 1;
    let removed = 0;
    for (const id of events.keys()) {
      if (removed >= excess) break;
      events.delete(id);
      removed += 1;
    }
  }

  return {
    async hit(rule, key) {
      const nowMs = now();
      const list = live(rule, key, nowMs);
      if (delayLeftMs(rule, list, nowMs) > 0) return decide(rule, list, nowMs, null);
      if (list.length === 0) evictIfFull();
      list.push(nowMs);
      if (list.length > rule.limit + 1) list.splice(0, list.length - rule.limit - 1);
      events.set(`${rule.name}:${key}`, list);
      return decide(rule, list, nowMs, String(nowMs));
    },
    async peek(rule, key) {
      return live(rule, key, now()).length;
    },
    async refund(rule, key, ticket) {
      if (ticket.startsWith(PAST_LIMIT_TICKET_PREFIX)) return;
      const list = events.get(`${rule.name}:${key}`);
      const index = list ? list.lastIndexOf(Number(ticket)) : -1;
      if (list && index >= 0) list.splice(index, 1);
    },
    async reset(rule, key) {
      events.delete(`${rule.name}:${key}`);
    },
    async close() {
      events.clear();
    },
  };
}

/**
 * The database's rolling windows (table rate_limit_counters, migration 0102): one statement per hit
 * under the key's row lock, so that simultaneous requests on any node are all counted.
 */
export function createDatabaseRateLimiter(db: Kysely<Database>, now: Clock = Date.now): RateLimiter {
  let nextPurgeMs = 0;

  // Dead rows are deleted now and then by whichever hit comes along, never waited for.
  function purgeIfDue(nowMs: number): void {
    if (nowMs < nextPurgeMs) return;
    nextPurgeMs = nowMs + DATABASE_PURGE_INTERVAL_MS;
    void db
      .deleteFrom('rate_limit_counters')
      .where('expires_at_ms', '<', sql<bigint>`${nowMs}::bigint`)
      .execute()
      .catch(() => {
        // A failed purge only leaves dead rows for the next one.
      });
  }

  return {
    async hit(rule, key) {
      const nowMs = now();
      purgeIfDue(nowMs);
      const { rows } = await sql<{ is_counted: boolean; kept_events: Array<bigint | string> }>`
        select is_counted, kept_events from rate_limit_take(
          ${rule.name}, ${key}, ${nowMs}::bigint, ${rule.windowSeconds * 1000}::bigint,
          ${rule.limit + 1}::integer, ${rule.delay?.after ?? null}::integer,
          ${(rule.delay?.baseSeconds ?? 0) * 1000}::bigint, ${(rule.delay?.maxSeconds ?? 0) * 1000}::bigint
        )`.execute(db);
      const row = present(rows[0], 'rate_limit_take answered no row');
      const timestamps = row.kept_events.map(Number);
      return decide(rule, timestamps, nowMs, row.is_counted ? String(nowMs) : null);
    },
    async peek(rule, key) {
      const row = await db
        .selectFrom('rate_limit_counters')
        .select('events')
        .where('name', '=', rule.name)
        .where('key', '=', key)
        .executeTakeFirst();
      const since = now() - rule.windowSeconds * 1000;
      return row ? row.events.filter((event) => Number(event) > since).length : 0;
    },
    async refund(rule, key, ticket) {
      if (ticket.startsWith(PAST_LIMIT_TICKET_PREFIX)) return;
      // Takes out one event with the ticket's time (two with the same time are alike).
      await sql`
        update rate_limit_counters
        set events = events[: array_position(events, ${ticket}::bigint) - 1]
          || events[array_position(events, ${ticket}::bigint) + 1 :]
        where name = ${rule.name} and key = ${key} and array_position(events, ${ticket}::bigint) is not null`.execute(
        db,
      );
    },
    async reset(rule, key) {
      await db
        .deleteFrom('rate_limit_counters')
        .where('name', '=', rule.name)
        .where('key', '=', key)
        .execute();
    },
    async close() {
      // The database belongs to the app, which closes it.
    },
  };
}

// One round trip, atomic: drop events older than the window; unless a growing delay refuses it,
// add this one and keep at most limit + 1; answer whether it was added (1 or 0) and the remaining
// timestamps, so the caller can tell when the limit or the delay frees up.
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local size = redis.call('ZCARD', KEYS[1])
local after = tonumber(ARGV[5])
local counted = 1
if after >= 0 and size >= after then
  local exponent = math.min(size - after, ${DELAY_EXPONENT_MAX})
  local wait = math.min(tonumber(ARGV[7]), tonumber(ARGV[6]) * (2 ^ exponent))
  local latest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
  if latest[2] and now - tonumber(latest[2]) < wait then counted = 0 end
end
if counted == 1 then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  size = size + 1
  local keep = tonumber(ARGV[3]) + 1
  if size > keep then redis.call('ZREMRANGEBYRANK', KEYS[1], 0, size - keep - 1) end
  redis.call('PEXPIRE', KEYS[1], window)
end
local reply = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
table.insert(reply, 1, counted)
return reply
`;

function createRedisRateLimiter(url: string, now: Clock, namespace: string | undefined): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  let sequence = 0;
  const prefix = namespace ? `${KEY_PREFIX}${namespace}:` : KEY_PREFIX;
  const redisKey = (rule: RateLimitRule, key: string) => `${prefix}${rule.name}:${key}`;

  return {
    async hit(rule, key) {
      const nowMs = now();
      sequence = (sequence + 1) % 1_000_000;
      // Members must be unique even when two events share a millisecond.
      const member = `${nowMs}:${process.pid}:${sequence}:${Math.random().toString(36).slice(2, 8)}`;
      const [counted, ...reply] = (await redis.eval(
        HIT_SCRIPT,
        1,
        redisKey(rule, key),
        String(nowMs),
        String(rule.windowSeconds * 1000),
        String(rule.limit),
        member,
        String(rule.delay?.after ?? -1),
        String((rule.delay?.baseSeconds ?? 0) * 1000),
        String((rule.delay?.maxSeconds ?? 0) * 1000),
      )) as [number, ...string[]];
      const timestamps: number[] = [];
      for (let index = 1; index < reply.length; index += 2) timestamps.push(Number(reply[index]));
      return decide(rule, timestamps, nowMs, counted === 1 ? member : null);
    },
    async peek(rule, key) {
      const nowMs = now();
      return redis.zcount(redisKey(rule, key), `(${nowMs - rule.windowSeconds * 1000}`, '+inf');
    },
    async refund(rule, key, ticket) {
      if (ticket.startsWith(PAST_LIMIT_TICKET_PREFIX)) return;
      await redis.zrem(redisKey(rule, key), ticket);
    },
    async reset(rule, key) {
      await redis.del(redisKey(rule, key));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
