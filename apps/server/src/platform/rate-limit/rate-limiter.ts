import { Redis } from 'ioredis';

/** A limit of `limit` events per rolling `windowSeconds`, named so that its keys never collide. */
export type RateLimitRule = { name: string; limit: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one event for key under rule and says whether it is within the limit. */
  hit(rule: RateLimitRule, key: string): Promise<RateLimitResult>;
  /** The events counted in the current window, without counting one. */
  peek(rule: RateLimitRule, key: string): Promise<number>;
  reset(rule: RateLimitRule, key: string): Promise<void>;
  close(): Promise<void>;
};

export type Clock = () => number;

/** Bounds the in-process store against a flood of distinct keys (made-up accounts, spoofed IPs). */
const MEMORY_KEYS_MAX = 100_000;
const KEY_PREFIX = 'panalo:rl:';

/** Redis (shared by every node) when a URL is given, else this process's memory. */
export function createRateLimiter(options: { redisUrl: string | undefined; now?: Clock }): RateLimiter {
  const now = options.now ?? Date.now;
  return options.redisUrl ? createRedisRateLimiter(options.redisUrl, now) : createMemoryRateLimiter(now);
}

function decide(rule: RateLimitRule, timestampsMs: readonly number[], nowMs: number): RateLimitResult {
  const count = timestampsMs.length;
  if (count <= rule.limit) return { allowed: true, count, retryAfterSeconds: 0 };
  // Over the limit: allowed again once enough of the counted events have left the window.
  const oldestThatMustLeave = timestampsMs[count - rule.limit - 1] ?? nowMs;
  const waitMs = oldestThatMustLeave + rule.windowSeconds * 1000 - nowMs;
  return { allowed: false, count, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
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
      if (list.length === 0) evictIfFull();
      list.push(nowMs);
      if (list.length > rule.limit + 1) list.splice(0, list.length - rule.limit - 1);
      events.set(`${rule.name}:${key}`, list);
      return decide(rule, list, nowMs);
    },
    async peek(rule, key) {
      return live(rule, key, now()).length;
    },
    async reset(rule, key) {
      events.delete(`${rule.name}:${key}`);
    },
    async close() {
      events.clear();
    },
  };
}

// One round trip, atomic: drop events older than the window, add this one, keep at most limit + 1,
// and answer the remaining timestamps so the caller can tell when the limit frees up.
const HIT_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1] - ARGV[2])
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
local size = redis.call('ZCARD', KEYS[1])
local keep = tonumber(ARGV[3]) + 1
if size > keep then redis.call('ZREMRANGEBYRANK', KEYS[1], 0, size - keep - 1) end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
`;

function createRedisRateLimiter(url: string, now: Clock): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  let sequence = 0;
  const redisKey = (rule: RateLimitRule, key: string) => `${KEY_PREFIX}${rule.name}:${key}`;

  return {
    async hit(rule, key) {
      const nowMs = now();
      sequence = (sequence + 1) % 1_000_000;
      // Members must be unique even when two events share a millisecond.
      const member = `${nowMs}:${process.pid}:${sequence}:${Math.random().toString(36).slice(2, 8)}`;
      const reply = (await redis.eval(
        HIT_SCRIPT,
        1,
        redisKey(rule, key),
        String(nowMs),
        String(rule.windowSeconds * 1000),
        String(rule.limit),
        member,
      )) as string[];
      const timestamps: number[] = [];
      for (let index = 1; index < reply.length; index += 2) timestamps.push(Number(reply[index]));
      return decide(rule, timestamps, nowMs);
    },
    async peek(rule, key) {
      const nowMs = now();
      return redis.zcount(redisKey(rule, key), `(${nowMs - rule.windowSeconds * 1000}`, '+inf');
    },
    async reset(rule, key) {
      await redis.del(redisKey(rule, key));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
