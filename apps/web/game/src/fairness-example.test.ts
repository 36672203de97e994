import { playDice } from '@panalo/games/dice/dice.ts';
import { computeStreamBlock, createRoundRng, hashServerSeed } from '@panalo/games/fairness/round-rng.ts';
import { toHex } from '@panalo/games/fairness/sha256.ts';
import { describe, expect, it } from 'vitest';
import { FAIRNESS_EXAMPLE } from './fairness-example';
import { fill } from './i18n';
import { en } from './locales/en';
import { ty } from './locales/ty';

const seeds = {
  serverSeed: FAIRNESS_EXAMPLE.serverSeed,
  clientSeed: FAIRNESS_EXAMPLE.clientSeed,
  nonce: Number(FAIRNESS_EXAMPLE.nonce),
};

describe('the provably-fair help text', () => {
  it('works its example with the figures the engine computes', () => {
    expect(hashServerSeed(seeds.serverSeed)).toBe(FAIRNESS_EXAMPLE.commitment);
    expect(FAIRNESS_EXAMPLE.message).toBe(`${seeds.clientSeed}:${seeds.nonce}:0`);
    const block = toHex(computeStreamBlock(seeds, 0));
    expect(block).toBe(FAIRNESS_EXAMPLE.block);
    expect(block.slice(0, 8)).toBe(FAIRNESS_EXAMPLE.word);
    const u = Number.parseInt(FAIRNESS_EXAMPLE.word, 16);
    expect(String(u)).toBe(FAIRNESS_EXAMPLE.u);
    expect(String(2 ** 32 - (2 ** 32 % 10_000))).toBe(FAIRNESS_EXAMPLE.limit);
    expect(u).toBeLessThan(Number(FAIRNESS_EXAMPLE.limit));
    expect(String(createRoundRng(seeds).int(10_000))).toBe(FAIRNESS_EXAMPLE.number);
    const dice = playDice(
      { direction: 'under', targetHundredths: 5000, stakeMinor: 100n },
      createRoundRng(seeds),
    );
    expect((dice.rollHundredths / 100).toFixed(2)).toBe(FAIRNESS_EXAMPLE.roll);
  });

  it('states every figure of the example, in Tagalog and in English', () => {
    for (const messages of [ty, en]) {
      const text = fill(messages.fairnessExample, FAIRNESS_EXAMPLE);
      expect(text).not.toMatch(/\{\{/);
      for (const value of Object.values(FAIRNESS_EXAMPLE)) expect(text).toContain(value);
    }
  });

  it('describes the stream with its key, its message and its cursor, and the commitment over the hex text', () => {
    for (const messages of [ty, en]) {
      const protocol = messages.fairnessProtocol.join(' ');
      expect(protocol).toContain('HMAC-SHA256');
      expect(protocol).toContain('SHA-256');
      expect(protocol).toContain(FAIRNESS_EXAMPLE.message);
      expect(protocol).toContain('2^32 − (2^32 mod n)');
      expect(protocol).toContain('n = 10000');
      // The old text named neither the cursor nor the key's form.
      expect(messages.fairnessHelp).not.toContain('client seed:nonce)');
    }
  });
});
