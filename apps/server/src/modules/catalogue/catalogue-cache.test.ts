import { describe, expect, it } from 'vitest';
import { CATALOGUE_CHANNEL, createCatalogueCache } from './catalogue-cache.ts';

/**
 * A version source whose reads the test answers one at a time; each read answers the version as
 * it stood when the read started (its snapshot), as a database read does.
 */
function controlledVersion() {
  const pending: (() => void)[] = [];
  let version = 1;
  return {
    reads: () => pending.length,
    change: () => {
      version += 1;
    },
    readVersion: () => {
      const snapshot = String(version);
      return new Promise<string>((resolve) => {
        pending.push(() => resolve(snapshot));
      });
    },
    /** Answers the oldest pending read. */
    answer: async () => {
      const next = pending.shift();
      if (!next) throw new Error('no read in flight');
      next();
      // Let the callers' continuations and any queued read start.
      for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
    },
  };
}

function counter() {
  let loads = 0;
  return {
    loads: () => loads,
    load: (value: string) => async () => {
      loads += 1;
      return value;
    },
  };
}

describe('the catalogue list cache, by version reads (PostgreSQL)', () => {
  it('keeps an answer while the version stands and loads again once it moves', async () => {
    let version = '7';
    const cache = createCatalogueCache({ kind: 'version', readVersion: async () => version });
    const loads = counter();
    expect(await cache.get('a', loads.load('first'))).toBe('first');
    expect(await cache.get('a', loads.load('second'))).toBe('first');
    expect(loads.loads()).toBe(1);
    version = '8';
    expect(await cache.get('a', loads.load('third'))).toBe('third');
    expect(loads.loads()).toBe(2);
    expect(cache.size()).toBe(1);
  });

  it('makes a call that arrives during a read wait for a new one, shared by every such call', async () => {
    const source = controlledVersion();
    const cache = createCatalogueCache({ kind: 'version', readVersion: source.readVersion });
    const loads = counter();
    const first = cache.get('a', loads.load('v1'));
    expect(source.reads()).toBe(1);
    // The read in flight may have started before a change committed: these calls must not trust
    // it, and wait together for one that starts after it.
    source.change();
    const second = cache.get('a', loads.load('v2'));
    const third = cache.get('a', loads.load('never'));
    await source.answer();
    expect(await first).toBe('v1');
    expect(source.reads()).toBe(1);
    await source.answer();
    expect(await second).toBe('v2');
    expect(await third).toBe('v2');
    expect(loads.loads()).toBe(2);
    expect(source.reads()).toBe(0);

    // With nothing in flight, a call starts a read at once; an unchanged version keeps the answer.
    const fourth = cache.get('a', loads.load('never'));
    expect(source.reads()).toBe(1);
    await source.answer();
    expect(await fourth).toBe('v2');
    expect(loads.loads()).toBe(2);
  });

  it('forgets a failed load and a failed version read', async () => {
    let fail = true;
    const cache = createCatalogueCache({
      kind: 'version',
      readVersion: async () => {
        if (fail) throw new Error('database away');
        return '1';
      },
    });
    await expect(cache.get('a', async () => 'x')).rejects.toThrow('database away');
    fail = false;
    await expect(
      cache.get('a', async () => {
        throw new Error('query failed');
      }),
    ).rejects.toThrow('query failed');
    expect(cache.size()).toBe(0);
    expect(await cache.get('a', async () => 'y')).toBe('y');
  });

  it('keeps at most maxEntries answers, dropping the oldest', async () => {
    const cache = createCatalogueCache({ kind: 'version', readVersion: async () => '1' }, 3);
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, async () => key);
    expect(cache.size()).toBe(3);
    const loads = counter();
    expect(await cache.get('d', loads.load('again'))).toBe('d');
    expect(await cache.get('a', loads.load('again'))).toBe('again');
    expect(loads.loads()).toBe(1);
  });
});

describe('the catalogue list cache, by notifications (embedded database)', () => {
  it('keeps nothing until listening, then keeps answers until a change is announced', async () => {
    let announce: (() => void) | undefined;
    let startListening: (() => void) | undefined;
    const cache = createCatalogueCache({
      kind: 'listen',
      listen: (channel, onChange) => {
        expect(channel).toBe(CATALOGUE_CHANNEL);
        announce = onChange;
        return new Promise<void>((resolve) => {
          startListening = resolve;
        });
      },
    });
    const loads = counter();
    expect(await cache.get('a', loads.load('before'))).toBe('before');
    expect(await cache.get('a', loads.load('still'))).toBe('still');
    expect(cache.size()).toBe(0);

    startListening?.();
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get('a', loads.load('kept'))).toBe('kept');
    expect(await cache.get('a', loads.load('never'))).toBe('kept');
    announce?.();
    expect(cache.size()).toBe(0);
    expect(await cache.get('a', loads.load('fresh'))).toBe('fresh');
    expect(loads.loads()).toBe(4);
  });

  it('loads every time when it cannot listen', async () => {
    const cache = createCatalogueCache({
      kind: 'listen',
      listen: async () => {
        throw new Error('no LISTEN');
      },
    });
    await new Promise((resolve) => setImmediate(resolve));
    const loads = counter();
    await cache.get('a', loads.load('one'));
    await cache.get('a', loads.load('two'));
    expect(loads.loads()).toBe(2);
  });
});
