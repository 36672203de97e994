import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { newTermsDraft, readTermsDraft } from '../lib/bonus-terms.ts';
import { BonusTermsFields } from './bonus-terms-fields.tsx';

/** The fields drawn with these problems, as HTML. */
function drawn(errors: Record<string, string>, offersIncludeDeposit = true): string {
  return renderToString(
    createElement(BonusTermsFields, {
      value: {
        ...newTermsDraft(),
        multiplier: '12',
        contributions: { ...newTermsDraft().contributions, LIVE: '120' },
      },
      onChange: () => undefined,
      errors,
      maxMultiplier: 10,
      prefix: 'bonusTerms',
      offersIncludeDeposit,
    }),
  );
}

/** The message shown under the field named `path`, if any. */
function messageUnder(html: string, path: string): string | null {
  const match = new RegExp(`data-field-error="${path.replaceAll('.', '\\.')}"[^>]*>([^<]*)<`).exec(html);
  return match?.[1] ?? null;
}

describe('BonusTermsFields', () => {
  it('shows each problem under its own field, the form’s checks and the server’s messages alike', () => {
    const reading = readTermsDraft(
      {
        ...newTermsDraft(),
        multiplier: '12',
        contributions: { ...newTermsDraft().contributions, LIVE: '120' },
      },
      { maxMultiplier: 10 },
    );
    const errors = {
      ...(reading.ok ? {} : reading.errors),
      // As the server answers a refused save: the field's path and its translated message.
      'bonusTerms.expiryDays': 'This is outside the allowed range.',
    };
    const html = drawn(errors);
    expect(messageUnder(html, 'bonusTerms.multiplier')).toContain('0 to 10');
    expect(messageUnder(html, 'bonusTerms.contributions.LIVE')).toBe(
      'A percent from 0 to 100, at most two decimals.',
    );
    expect(messageUnder(html, 'bonusTerms.expiryDays')).toBe('This is outside the allowed range.');
    expect(messageUnder(html, 'bonusTerms.maxStake')).toBeNull();
  });

  it('asks for the slot-spin rule, with the server’s messages under its two fields', () => {
    const html = drawn({
      'bonusTerms.minSpinStake': 'Enter an amount like 1.00.',
      'bonusTerms.minSpinLines': 'This is outside the allowed range.',
    });
    expect(html).toContain('Slot spins: minimum stake per spin, minimum lines');
    expect(messageUnder(html, 'bonusTerms.minSpinStake')).toBe('Enter an amount like 1.00.');
    expect(messageUnder(html, 'bonusTerms.minSpinLines')).toBe('This is outside the allowed range.');
  });

  it('offers counting the deposit only where there is one', () => {
    expect(drawn({})).toContain('The deposit counts in the wagering');
    expect(drawn({}, false)).not.toContain('The deposit counts in the wagering');
  });
});
