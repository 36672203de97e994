import { beforeAll, describe, expect, it } from 'vitest';
import type { BonusView } from '../../lib/bonus/bonuses';
import { loadTagalog, renderMarkup } from '../render-markup.test-support';
import { BonusCard } from './bonus-card';
import { WageringBar } from './bonus-progress-panel';

beforeAll(loadTagalog);

const bonus: BonusView = {
  id: 'bonus-1',
  source: 'promotion',
  promotionId: 'promotion-1',
  promotionTitle: 'Welcome bonus',
  status: 'active',
  amount: '88.00',
  depositAmount: null,
  wageringRequired: '440.00',
  wagered: '110.00',
  progressPercent: 25,
  contributions: [{ gameType: 'RNG', percent: '100.00' }],
  maxStake: '50.00',
  maxConversion: '5000.00',
  expiresAt: '2026-12-08T00:00:00.000Z',
  grantedAt: '2026-12-01T00:00:00.000Z',
  activatedAt: '2026-12-01T00:00:00.000Z',
  endedAt: null,
  converted: '0.00',
  forfeited: '0.00',
  forfeitIfCancelled: '91.50',
  minSpinStake: null,
  minSpinLines: null,
};

describe('a bonus', () => {
  it('shows its wagering as a bar of whole percent with what is left', () => {
    const html = renderMarkup(<WageringBar wagered="110.00" wageringRequired="440.00" />);
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuenow="25"');
    expect(html).toContain('₱110.00 sa ₱440.00 ang naitaya');
    expect(html).toContain('₱330.00 pa ang kailangang itaya');
  });

  it('running shows its countdown, largest bet, conversion cap and Cancel bonus', () => {
    const html = renderMarkup(<BonusCard bonus={bonus} now={new Date('2026-12-05T22:30:00.000Z')} />);
    expect(html).toContain('Mag-e-expire sa loob ng 2 araw 1 oras');
    expect(html).toContain('Hanggang Dis 8, 2026, 8:00 AM');
    expect(html).toContain('Pinakamalaking taya: ₱50.00');
    expect(html).toContain('Hanggang ₱5,000.00 ang magiging cash');
    expect(html).toContain('Kanselahin ang bonus');
  });

  it('running says which slot spins count toward its wagering, when its terms set a spin rule', () => {
    const now = new Date('2026-12-05T22:30:00.000Z');
    const html = renderMarkup(
      <BonusCard bonus={{ ...bonus, minSpinStake: '1.00', minSpinLines: 25 }} now={now} />,
    );
    expect(html).toContain(
      'Binibilang lang ang mga spin sa slot na ₱1.00 o higit pa ang taya bawat spin at may 25 linya o higit pa.',
    );
    const withoutRule = renderMarkup(
      <BonusCard bonus={{ ...bonus, minSpinStake: null, minSpinLines: null }} now={now} />,
    );
    expect(withoutRule).not.toContain('data-testid="bonus-spin-rule"');
    const ended = renderMarkup(
      <BonusCard
        bonus={{
          ...bonus,
          status: 'converted',
          minSpinStake: '1.00',
          minSpinLines: 25,
          forfeitIfCancelled: '0.00',
        }}
        now={now}
      />,
    );
    expect(ended).not.toContain('data-testid="bonus-spin-rule"');
  });

  it('waiting says it starts after the current one, with no bar yet', () => {
    const html = renderMarkup(
      <BonusCard
        bonus={{ ...bonus, status: 'waiting', expiresAt: null }}
        now={new Date('2026-12-05T00:00:00Z')}
      />,
    );
    expect(html).toContain('Magsisimula pagkatapos ng kasalukuyan mong bonus.');
    expect(html).not.toContain('role="progressbar"');
    expect(html).toContain('Kanselahin ang bonus');
  });

  it('ended shows how it ended and offers no cancel', () => {
    const html = renderMarkup(
      <BonusCard
        bonus={{
          ...bonus,
          status: 'converted',
          converted: '120.00',
          endedAt: '2026-12-04T00:00:00.000Z',
          forfeitIfCancelled: '0.00',
        }}
        now={new Date('2026-12-05T00:00:00.000Z')}
      />,
    );
    expect(html).toContain('Naging cash: ₱120.00');
    expect(html).not.toContain('Kanselahin ang bonus');
    expect(html).not.toContain('role="progressbar"');
  });
});
