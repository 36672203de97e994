import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  createDatabaseRateLimiter,
  createMemoryRateLimiter,
  createRateLimiter,
  type RateLimiter,
  type RateLimitRule,
} from '../src/platform/rate-limit/rate-limiter.ts';
import { LOGIN_FAILURES_PER_IP } from '../src/workflows/login.ts';
import { createAccountsClient } from './support/accounts-client.ts';
import { createSeededApp } from './support/seeded-app.ts';
import type { TestApp } from './support/test-app.ts';

let testApp: TestApp;
let nowMs = Date.parse('2026-11-25T08:00:00Z');
const clock = () => nowMs;

beforeAll(async () => {
  testApp = await createSeededApp({}, { now: () => new Date(nowMs) });
});
afterAll(async () => {
  await testApp.close();
});

// Each store's rules alike: memory (unit tests of rules), the database (no Redis), Redis when the
// run has one.
const stores: { name: string; open: () => RateLimiter }[] = [
  { name: 'memory', open: () => createMemoryRateLimiter(clock) },
  { name: 'database', open: () => createDatabaseRateLimiter(testApp.database.db, clock) },
  ...(process.env.REDIS_URL
    ? [
        {
          name: 'redis',
          open: () =>
            createRateLimiter({ redisUrl: process.env.REDIS_URL, db: testApp.database.db, now: clock }),
        },
      ]
    : []),
];

/** A rule of its own per test, so that no test sees another's events (Redis outlives the run). */
const ruleOf = (rule: Omit<RateLimitRule, 'name'>): RateLimitRule => ({
  name: `test-${randomBytes(6).toString('hex')}`,
  ...rule,
});

describe.each(stores)('the $name rate limiter', ({ open }) => {
  let limiter: RateLimiter;
  beforeAll(() => {
    limiter = open();
  });
  afterAll(async () => {
    await limiter.close();
  });

  it('counts every one of a burst of simultaneous hits: no more than the limit are allowed', async () => {
    const rule = ruleOf({ limit: 5, windowSeconds: 60 });
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.hit(rule, 'burst')));
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    expect(await limiter.peek(rule, 'burst')).toBe(6);
    const refused = results.find((result) => !result.allowed);
    expect(refused?.retryAfterSeconds).toBe(60);
  });

  it('rolls its window: events older than it no longer count', async () => {
    const rule = ruleOf({ limit: 2, windowSeconds: 10 });
    await limiter.hit(rule, 'roll');
    nowMs += 6000;
    await limiter.hit(rule, 'roll');
    expect((await limiter.hit(rule, 'roll')).allowed).toBe(false);
    nowMs += 4001;
    expect(await limiter.peek(rule, 'roll')).toBe(2);
    expect((await limiter.hit(rule, 'roll')).allowed).toBe(false);
    nowMs += 6000;
    expect((await limiter.hit(rule, 'roll')).allowed).toBe(true);
  });

  it('refuses within a growing delay without counting, and says when to come back', async () => {
    const rule = ruleOf({
      limit: 100,
      windowSeconds: 3600,
      delay: { after: 2, baseSeconds: 1, maxSeconds: 3 },
    });
    const burst = await Promise.all(Array.from({ length: 30 }, () => limiter.hit(rule, 'delay')));
    expect(burst.filter((result) => result.allowed)).toHaveLength(2);
    expect(burst.filter((result) => !result.allowed).every((result) => result.retryAfterSeconds === 1)).toBe(
      true,
    );
    expect(await limiter.peek(rule, 'delay')).toBe(2);
    nowMs += 999;
    expect((await limiter.hit(rule, 'delay')).allowed).toBe(false);
    nowMs += 1;
    expect((await limiter.hit(rule, 'delay')).allowed).toBe(true);
    // Three events: the next waits 2 s, then four: 3 s (the ceiling), and 3 s ever after.
    nowMs += 1000;
    const early = await limiter.hit(rule, 'delay');
    expect(early).toMatchObject({ allowed: false, retryAfterSeconds: 1, ticket: null });
    nowMs += 1000;
    expect((await limiter.hit(rule, 'delay')).allowed).toBe(true);
    nowMs += 2000;
    expect((await limiter.hit(rule, 'delay')).retryAfterSeconds).toBe(1);
    nowMs += 1000;
    expect((await limiter.hit(rule, 'delay')).allowed).toBe(true);
    nowMs += 3000;
    expect((await limiter.hit(rule, 'delay')).allowed).toBe(true);
  });

  it('gives back no event counted past the limit, so a refunded burst cannot wear the count down', async () => {
    const rule = ruleOf({ limit: 3, windowSeconds: 60 });
    const burst = await Promise.all(Array.from({ length: 20 }, () => limiter.hit(rule, 'wear')));
    await Promise.all(
      burst
        .filter((result) => !result.allowed && result.ticket !== null)
        .map((result) => limiter.refund(rule, 'wear', result.ticket ?? '')),
    );
    expect(await limiter.peek(rule, 'wear')).toBe(4);
    expect((await limiter.hit(rule, 'wear')).allowed).toBe(false);
  });

  it('gives one event back on refund, and all on reset', async () => {
    const rule = ruleOf({ limit: 5, windowSeconds: 60 });
    const first = await limiter.hit(rule, 'refund');
    await limiter.hit(rule, 'refund');
    await limiter.refund(rule, 'refund', first.ticket ?? '');
    expect(await limiter.peek(rule, 'refund')).toBe(1);
    await limiter.reset(rule, 'refund');
    expect(await limiter.peek(rule, 'refund')).toBe(0);
    expect((await limiter.hit(rule, 'refund')).count).toBe(1);
  });
});

describe('throttle counters without Redis', () => {
  it('survive building a new app on the same database', async () => {
    const client = createAccountsClient(testApp.app, '198.51.100.77');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const reply = await client.sealed('POST', '/wps/session/login', {
        type: 'username',
        username: 'demo',
        password: 'wrong-password',
      });
      expect(reply.body.code).toBe('BAD_CREDENTIALS');
    }

    const restarted = await buildApp({
      config: testApp.config,
      database: testApp.database,
      now: () => new Date(nowMs),
    });
    try {
      const merchant = (
        await testApp.database.db
          .selectFrom('merchants')
          .select('id')
          .where('code', '=', 'panalo')
          .executeTakeFirstOrThrow()
      ).id;
      expect(await restarted.rateLimiter.peek(LOGIN_FAILURES_PER_IP, `${merchant}:198.51.100.77`)).toBe(3);
      const again = createAccountsClient(restarted, '198.51.100.77');
      const reply = await again.logIn('demo', 'Demo1234');
      expect(reply).toMatchObject({ code: 'CAPTCHA_REQUIRED' });
    } finally {
      await restarted.close();
    }
  });

  it('are deleted once expired, by a later hit', async () => {
    const db = testApp.database.db;
    const limiter = createDatabaseRateLimiter(db, clock);
    const rule = ruleOf({ limit: 5, windowSeconds: 60 });
    await limiter.hit(rule, 'old');
    nowMs += 61_000;
    await limiter.hit(ruleOf({ limit: 5, windowSeconds: 60 }), 'other');
    await expect
      .poll(
        async () =>
          (await db.selectFrom('rate_limit_counters').select('key').where('name', '=', rule.name).execute())
            .length,
      )
      .toBe(0);
  });
});

describe.runIf(process.env.REDIS_URL)('Redis counts of two installations', () => {
  it('are kept apart by the database name each names, so one never counts the other’s attempts', async () => {
    const open = (namespace: string) =>
      createRateLimiter({ redisUrl: process.env.REDIS_URL, db: testApp.database.db, now: clock, namespace });
    const first = open(`installation-${randomBytes(4).toString('hex')}`);
    const second = open(`installation-${randomBytes(4).toString('hex')}`);
    try {
      const rule = ruleOf({ limit: 2, windowSeconds: 60 });
      await first.hit(rule, 'admin:127.0.0.1');
      await first.hit(rule, 'admin:127.0.0.1');
      expect((await first.hit(rule, 'admin:127.0.0.1')).allowed).toBe(false);
      expect(await second.peek(rule, 'admin:127.0.0.1')).toBe(0);
      expect((await second.hit(rule, 'admin:127.0.0.1')).allowed).toBe(true);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
