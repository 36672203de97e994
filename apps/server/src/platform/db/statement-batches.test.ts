import { describe, expect, it } from 'vitest';
import { createStatementBatches } from './statement-batches.ts';

/** A statement the test answers by hand: each call waits until the test lets it go. */
function controlledStatements() {
  const calls: { kind: 'one' | 'many'; items: number[]; release: (fail?: boolean) => void }[] = [];
  const waitFor = (kind: 'one' | 'many', items: number[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ kind, items, release: (fail) => (fail ? reject(new Error('batch refused')) : resolve()) });
    });
  const batches = createStatementBatches<number, string>({
    batchMax: 3,
    playOne: async (item) => {
      await waitFor('one', [item]);
      if (item < 0) throw new Error(`item ${item} refused`);
      return `one:${item}`;
    },
    playMany: async (items) => {
      await waitFor('many', items);
      return items.map((item) => `many:${item}`);
    },
  });
  return { batches, calls };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('statement batches', () => {
  it('plays the first item alone and those arriving meanwhile together, at most batchMax at a time', async () => {
    const { batches, calls } = controlledStatements();
    const answers = [1, 2, 3, 4, 5].map((item) => batches.play('lane', item));
    await until(() => calls.length === 1);
    expect(calls[0]).toMatchObject({ kind: 'one', items: [1] });
    calls[0]?.release();
    await until(() => calls.length === 2);
    expect(calls[1]).toMatchObject({ kind: 'many', items: [2, 3, 4] });
    calls[1]?.release();
    await until(() => calls.length === 3);
    expect(calls[2]).toMatchObject({ kind: 'one', items: [5] });
    calls[2]?.release();
    expect(await Promise.all(answers)).toEqual(['one:1', 'many:2', 'many:3', 'many:4', 'one:5']);
  });

  it('keeps lanes apart: a lane never waits for another lane’s batch', async () => {
    const { batches, calls } = controlledStatements();
    const first = batches.play('a', 1);
    const second = batches.play('b', 2);
    await until(() => calls.length === 2);
    expect(calls.map((call) => call.items)).toEqual([[1], [2]]);
    calls[1]?.release();
    expect(await second).toBe('one:2');
    calls[0]?.release();
    expect(await first).toBe('one:1');
  });

  it('plays each item of a batch that failed as a whole alone, so that only the one at fault fails', async () => {
    const { batches, calls } = controlledStatements();
    const answers = [1, 2, -3].map((item) =>
      batches.play('lane', item).catch((error: Error) => error.message),
    );
    await until(() => calls.length === 1);
    calls[0]?.release();
    await until(() => calls.length === 2);
    expect(calls[1]).toMatchObject({ kind: 'many', items: [2, -3] });
    calls[1]?.release(true);
    await until(() => calls.length === 4);
    expect(calls.slice(2).map((call) => call.items)).toEqual([[2], [-3]]);
    for (const call of calls.slice(2)) call.release();
    expect(await Promise.all(answers)).toEqual(['one:1', 'one:2', 'item -3 refused']);
  });

  it('forgets an emptied lane and starts it again with the next item', async () => {
    const { batches, calls } = controlledStatements();
    const first = batches.play('lane', 1);
    await until(() => calls.length === 1);
    calls[0]?.release();
    expect(await first).toBe('one:1');
    const again = batches.play('lane', 2);
    await until(() => calls.length === 2);
    expect(calls[1]).toMatchObject({ kind: 'one', items: [2] });
    calls[1]?.release();
    expect(await again).toBe('one:2');
  });
});
