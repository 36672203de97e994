import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentContractPeriod } from '../../db/schema.ts';
import { DIVIDEND_PERIODS } from './contract-cycles.ts';
import {
  capProblemOf,
  contractsOutgrown,
  nextCycleStart,
  periodsOf,
  RATE_BP_MAX,
  rateOf,
  readTiers,
  type TermsCap,
} from './contract-terms.ts';

const MANILA = 'Asia/Manila';
const tier = (rateBp: number, activeMembers = 0, minBase = '0.00') => ({ activeMembers, minBase, rateBp });

describe('terms', () => {
  it('read tiers into centavos, the rate being the highest tier', () => {
    const read = readTiers([tier(40), tier(80, 10, '50000.5')], { maxTiers: 10, maxRateBp: 100 });
    expect(read).toEqual({
      tiers: [
        { activeMembers: 0, minBaseMinor: 0n, rateBp: 40 },
        { activeMembers: 10, minBaseMinor: 5_000_050n, rateBp: 80 },
      ],
      errors: null,
    });
    expect(rateOf(read.tiers ?? [])).toBe(80);
  });

  it('say field by field what is wrong', () => {
    expect(readTiers([], { maxTiers: 10, maxRateBp: 100 }).errors).toEqual({ tiers: 'noTiers' });
    expect(readTiers([tier(1), tier(2, 1), tier(3, 2)], { maxTiers: 2, maxRateBp: 100 }).errors).toEqual({
      tiers: 'tooManyTiers',
    });
    expect(
      readTiers(
        [
          tier(101),
          tier(0, 1),
          tier(50, 1_000_001),
          tier(50, 3, '1.005'),
          tier(60, 4, '10'),
          tier(70, 4, '10.00'),
        ],
        { maxTiers: 10, maxRateBp: 100 },
      ).errors,
    ).toEqual({
      'tiers.0.rateBp': 'aboveMaximum',
      'tiers.1.rateBp': 'notRate',
      'tiers.2.activeMembers': 'tooManyMembers',
      'tiers.3.minBase': 'notAmount',
      'tiers.5.minBase': 'sameConditions',
    });
  });

  it('give each kind its periods: a dividend chooses, the salaries are fixed', () => {
    expect(periodsOf('dividend')).toEqual(['D', 'W', 'H', 'M']);
    expect(periodsOf('daily')).toEqual(['D']);
    expect(periodsOf('hourly')).toEqual(['h']);
    expect(periodsOf('realtime')).toEqual(['5m']);
  });

  it('fit under a cap by rate and, for a dividend, by period', () => {
    expect(capProblemOf({ rateBp: 50, period: 'D' }, null)).toBe('noUplineContract');
    expect(capProblemOf({ rateBp: 51, period: 'D' }, { maxRateBp: 50, period: 'D' })).toBe('aboveMaximum');
    expect(capProblemOf({ rateBp: 50, period: 'W' }, { maxRateBp: 50, period: 'M' })).toBe('periodDiffers');
    expect(capProblemOf({ rateBp: 50, period: 'W' }, { maxRateBp: 50, period: null })).toBeNull();
    const given = [
      { id: 'a', rateBp: 30, period: 'W' as const },
      { id: 'b', rateBp: 31, period: 'W' as const },
      { id: 'c', rateBp: 10, period: 'M' as const },
    ];
    expect(contractsOutgrown({ rateBp: 30, period: 'W' }, given).map((contract) => contract.id)).toEqual([
      'b',
      'c',
    ]);
  });
});

describe('a signed contract starts with the next cycle in the merchant zone', () => {
  // Tuesday 24 November 2026, 18:07:30 in Manila (UTC+8).
  const at = new Date('2026-11-24T10:07:30Z');
  it.each([
    ['5m', '2026-11-24T10:10:00.000Z'],
    ['h', '2026-11-24T11:00:00.000Z'],
    ['D', '2026-11-24T16:00:00.000Z'],
    ['W', '2026-11-29T16:00:00.000Z'],
    ['H', '2026-11-30T16:00:00.000Z'],
    ['M', '2026-11-30T16:00:00.000Z'],
  ] as [AgentContractPeriod, string][])('%s', (period, expected) => {
    expect(nextCycleStart(period, MANILA, at).toISOString()).toBe(expected);
  });

  it('a semi-monthly cycle before the 16th ends on the 16th', () => {
    expect(nextCycleStart('H', MANILA, new Date('2026-02-03T00:00:00Z')).toISOString()).toBe(
      '2026-02-15T16:00:00.000Z',
    );
  });
});

/**
 * The rules of offers and accepts as the service applies them (contract.service.ts): an offer's
 * terms fit under the cap when made, and again when accepted (the upline may have changed its own
 * terms meanwhile); accepting ends the previous version and every contract given below that no
 * longer fits; either side may end a contract at any time.
 */
describe('over random trees, no sequence of offers and accepts puts a downline above its upline', () => {
  type Contract = { uplineId: number | null; rateBp: number; period: AgentContractPeriod };
  type Offer = { downlineId: number; rateBp: number; period: AgentContractPeriod };
  const TEMPLATE_MAX_BP = 3000;

  const step = fc.oneof(
    fc.record({
      kind: fc.constant('offer' as const),
      agent: fc.nat(),
      // A few rates around the template's maximum, so that offers meet, exceed and undercut each other.
      rateBp: fc.constantFrom(1, 500, 1000, 1500, 2000, 2500, 3000, 3500, RATE_BP_MAX),
      period: fc.constantFrom(...DIVIDEND_PERIODS),
    }),
    fc.record({ kind: fc.constant('accept' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('terminate' as const), agent: fc.nat() }),
  );

  it('holds for dividends (rate and period) after every step', () => {
    fc.assert(
      fc.property(
        // Agent i's upline is one of the agents before it, or none (a top-level agent).
        fc.array(fc.option(fc.nat(), { nil: null, freq: 4 }), { minLength: 1, maxLength: 8 }),
        fc.array(step, { minLength: 40, maxLength: 120 }),
        (parents, steps) => {
          const uplineOf = parents.map((parent, index) =>
            parent === null || index === 0 ? null : parent % index,
          );
          const active = new Map<number, Contract>();
          const pending = new Map<number, Offer>();
          const capOf = (uplineId: number | null): TermsCap => {
            if (uplineId === null) return { maxRateBp: TEMPLATE_MAX_BP, period: null };
            const own = active.get(uplineId);
            return own ? { maxRateBp: own.rateBp, period: own.period } : null;
          };
          for (const next of steps) {
            if (next.kind === 'offer') {
              const downlineId = next.agent % parents.length;
              const cap = capOf(uplineOf[downlineId] ?? null);
              const period = cap?.period ?? next.period;
              if (pending.has(downlineId) || capProblemOf({ rateBp: next.rateBp, period }, cap) !== null)
                continue;
              pending.set(downlineId, { downlineId, rateBp: next.rateBp, period });
            } else if (next.kind === 'accept') {
              const offers = [...pending.values()];
              const offer = offers[next.pick % Math.max(offers.length, 1)];
              if (!offer) continue;
              const uplineId = uplineOf[offer.downlineId] ?? null;
              if (capProblemOf(offer, capOf(uplineId)) !== null) continue;
              pending.delete(offer.downlineId);
              active.set(offer.downlineId, { uplineId, rateBp: offer.rateBp, period: offer.period });
              const given = [...active.entries()]
                .filter(([, contract]) => contract.uplineId === offer.downlineId)
                .map(([id, contract]) => ({ id, ...contract }));
              for (const outgrown of contractsOutgrown(offer, given)) active.delete(outgrown.id);
            } else {
              active.delete(next.agent % parents.length);
            }
            for (const [downlineId, contract] of active) {
              const upline = contract.uplineId === null ? null : active.get(contract.uplineId);
              if (contract.uplineId === null) expect(contract.rateBp).toBeLessThanOrEqual(TEMPLATE_MAX_BP);
              if (upline) {
                expect(contract.rateBp, `agent ${downlineId}`).toBeLessThanOrEqual(upline.rateBp);
                expect(contract.period, `agent ${downlineId}`).toBe(upline.period);
              }
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
