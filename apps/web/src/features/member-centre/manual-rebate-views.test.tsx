import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagalog, renderMarkup } from '../../components/render-markup.test-support';
import type { RebateAccrued } from './api/rebate';
import { AccruedLines, ClaimPanel } from './components/manual-rebate-page';

beforeAll(loadTagalog);

const accrued: RebateAccrued = {
  mode: 'manual',
  basis: 'validBet',
  lines: [
    { gameType: 'RNG', basisAmount: '10000.00', rate: '0.80', amount: '80.00' },
    { gameType: 'LIVE', basisAmount: '9100.00', rate: '0.50', amount: '45.50' },
  ],
  total: '125.50',
  minimum: '10.00',
  nextClaimAt: null,
  lastClaimAt: null,
};

describe('the manual rebate page', () => {
  it('lists what accrued by game type as the lobby names them, with the basis, rate and total', () => {
    const html = renderMarkup(<AccruedLines accrued={accrued} />);
    expect(html.indexOf('Live na casino')).toBeLessThan(html.indexOf('Mga slot'));
    expect(html).toContain('Balidong taya ₱9,100.00 × 0.5%');
    expect(html).toContain('₱80.00');
    expect(html).toContain('₱125.50');
    expect(html).toContain('Ang balik-taya mo ay bahagi ng iyong balidong taya');
  });

  it('heads the basis column with theoretical loss when the rebate is reckoned on it', () => {
    const html = renderMarkup(<AccruedLines accrued={{ ...accrued, basis: 'theoreticalLoss' }} />);
    expect(html).toContain('Teoretikal na talo');
    expect(html).toContain('bentahe ng bahay');
  });

  it('says nothing accrued yet instead of an empty table', () => {
    const html = renderMarkup(<AccruedLines accrued={{ ...accrued, lines: [], total: '0.00' }} />);
    expect(html).toContain('Wala pang naiipon');
    expect(html).not.toContain('<table');
  });

  it('offers the claim of the total once it reaches the minimum', () => {
    const html = renderMarkup(<ClaimPanel accrued={accrued} />);
    expect(html).toContain('I-claim ang ₱125.50');
    expect(html).toContain('Pinakamababang maaaring i-claim: ₱10.00');
    expect(html).toContain('Hindi ka pa nakakapag-claim ng balik-taya.');
    expect(html).not.toMatch(/data-testid="rebate-claim-submit"[^>]*disabled/);
  });

  it('holds the claim back below the minimum, and says how much is needed', () => {
    const html = renderMarkup(<ClaimPanel accrued={{ ...accrued, total: '9.99' }} />);
    expect(html).toContain('Umabot sa ₱10.00 para makapag-claim.');
    expect(html).toMatch(/disabled=""[^>]*data-testid="rebate-claim-submit"/);
  });

  it('offers no claim while rebates are paid daily', () => {
    const html = renderMarkup(<ClaimPanel accrued={{ ...accrued, mode: 'auto' }} />);
    expect(html).toContain('Awtomatikong ibinibigay ang balik-taya araw-araw');
    expect(html).not.toContain('rebate-claim-submit');
  });
});
