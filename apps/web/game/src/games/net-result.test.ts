import { describe, expect, it } from 'vitest';
import { classifyNet } from './net-result';

describe('classifyNet', () => {
  it('calls a round that paid more than it cost a win of the difference', () => {
    expect(classifyNet(50_000n, 25_000n)).toEqual({
      kind: 'won',
      netMinor: 25_000n,
      winMinor: 50_000n,
      costMinor: 25_000n,
    });
    expect(classifyNet(25_001n, 25_000n)).toMatchObject({ kind: 'won', netMinor: 1n });
  });

  it('calls a win smaller than the cost money returned, never a win', () => {
    // ₱80 back on a ₱250 spin.
    expect(classifyNet(8_000n, 25_000n)).toEqual({ kind: 'returned', winMinor: 8_000n, costMinor: 25_000n });
  });

  it('calls a win equal to the cost money returned (a push)', () => {
    expect(classifyNet(1_000n, 1_000n)).toEqual({ kind: 'returned', winMinor: 1_000n, costMinor: 1_000n });
  });

  it('calls a round that paid nothing a loss of its cost', () => {
    expect(classifyNet(0n, 2_000n)).toEqual({ kind: 'lost', costMinor: 2_000n });
  });
});
