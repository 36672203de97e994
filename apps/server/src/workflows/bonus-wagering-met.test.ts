import { describe, expect, it } from 'vitest';
import type { BonusWithTitle } from '../modules/bonus/bonus.service.ts';
import { createWageringMetConversion } from './bonus-wagering-met.ts';

/** A promise the test settles by hand. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Lets every continuation that is ready run. */
async function drain() {
  for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
}

function activeBonus(memberId: string, wageredMinor: bigint): BonusWithTitle {
  return {
    member_id: memberId,
    merchant_id: 'merchant-1',
    currency: 'PHP',
    status: 'active',
    wagered_minor: wageredMinor,
    wagering_required_minor: 1_000n,
  } as BonusWithTitle;
}

/** A bonus engine whose settlements wait for the test, with what it was asked. */
function engineOf(bonusOf: (memberId: string) => BonusWithTitle | null) {
  const settled: string[] = [];
  const gates: Array<ReturnType<typeof gate>> = [];
  let failNext = false;
  return {
    settled,
    gates,
    failNext: () => {
      failNext = true;
    },
    bonuses: {
      findActive: async (memberId: string) => bonusOf(memberId),
      settleMember: async (input: { merchantId: string; memberId: string; currency: string }) => {
        settled.push(`${input.merchantId}/${input.memberId}/${input.currency}`);
        const waiting = gate();
        gates.push(waiting);
        await waiting.opened;
        if (failNext) {
          failNext = false;
          throw new Error('settlement failed');
        }
        return { ended: null, activated: null, sweptMinor: 0n };
      },
    },
  };
}

function logOf() {
  const errors: unknown[] = [];
  return { errors, log: { error: (object: unknown) => errors.push(object) } as never };
}

describe('converting a bonus when its wagering is met', () => {
  it('settles the member whose wagering is met, with their bonus’s merchant and currency', async () => {
    const engine = engineOf((memberId) => activeBonus(memberId, 1_000n));
    const { log } = logOf();
    const conversion = createWageringMetConversion({ bonuses: engine.bonuses, log });
    conversion.onWageringMet('m1');
    await drain();
    expect(engine.settled).toEqual(['merchant-1/m1/PHP']);
    engine.gates[0]?.open();
    await conversion.stop();
  });

  it('settles nobody without an active bonus whose wagering is met', async () => {
    const engine = engineOf((memberId) => (memberId === 'short' ? activeBonus(memberId, 999n) : null));
    const { log } = logOf();
    const conversion = createWageringMetConversion({ bonuses: engine.bonuses, log });
    conversion.onWageringMet('none');
    conversion.onWageringMet('short');
    conversion.onWageringMet('');
    await conversion.stop();
    expect(engine.settled).toEqual([]);
  });

  it('runs one settlement of a member at a time, and once more for what came meanwhile', async () => {
    const engine = engineOf((memberId) => activeBonus(memberId, 1_000n));
    const { log } = logOf();
    const conversion = createWageringMetConversion({ bonuses: engine.bonuses, log });
    conversion.onWageringMet('m1');
    await drain();
    conversion.onWageringMet('m1');
    conversion.onWageringMet('m1');
    conversion.onWageringMet('m2');
    await drain();
    expect(engine.settled).toEqual(['merchant-1/m1/PHP', 'merchant-1/m2/PHP']);
    engine.gates[0]?.open();
    await drain();
    // The notifications that came while m1 was settled make one more run, not two.
    expect(engine.settled).toEqual(['merchant-1/m1/PHP', 'merchant-1/m2/PHP', 'merchant-1/m1/PHP']);
    for (const waiting of engine.gates) waiting.open();
    await conversion.stop();
    expect(engine.settled).toHaveLength(3);
  });

  it('logs a failed settlement and goes on with the next notification', async () => {
    const engine = engineOf((memberId) => activeBonus(memberId, 1_000n));
    const { errors, log } = logOf();
    const conversion = createWageringMetConversion({ bonuses: engine.bonuses, log });
    engine.failNext();
    conversion.onWageringMet('m1');
    await drain();
    engine.gates[0]?.open();
    await drain();
    expect(errors).toEqual([expect.objectContaining({ memberId: 'm1' })]);
    conversion.onWageringMet('m1');
    await drain();
    expect(engine.settled).toHaveLength(2);
    engine.gates[1]?.open();
    await conversion.stop();
  });

  it('waits for the settlements under way when stopped, and takes no more', async () => {
    const engine = engineOf((memberId) => activeBonus(memberId, 1_000n));
    const { log } = logOf();
    const conversion = createWageringMetConversion({ bonuses: engine.bonuses, log });
    conversion.onWageringMet('m1');
    await drain();
    let isStopped = false;
    const stopping = conversion.stop().then(() => {
      isStopped = true;
    });
    conversion.onWageringMet('m2');
    await drain();
    expect(isStopped).toBe(false);
    engine.gates[0]?.open();
    await stopping;
    expect(engine.settled).toEqual(['merchant-1/m1/PHP']);
  });
});
