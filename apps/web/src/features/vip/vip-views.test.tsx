import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagalog, renderMarkup } from '../../components/render-markup.test-support';
import { MyVipPanel } from './components/my-vip-panel';
import { VipProgrammeSection } from './components/vip-programme';
import { LEVELS, MEMBER_AT_ONE } from './vip-test-data.test-support';

beforeAll(loadTagalog);

const programme = { enabled: true, windowDays: 90, reviewDay: 1, levels: LEVELS };

describe('the member’s VIP panel', () => {
  it('shows the level, its guarantee, the way to the next level and what is missing', () => {
    const html = renderMarkup(<MyVipPanel me={MEMBER_AT_ONE} programme={programme} />);
    expect(html).toContain('VIP1 Bronze');
    expect(html).toContain('Garantisado hanggang Dis 2, 2026');
    expect(html).toContain('Patungo sa VIP2 Silver');
    expect(html).toContain('₱12,500.00 sa ₱20,000.00');
    expect(html).toContain('aria-valuenow="62"');
    expect(html).toContain(
      'Magdeposito pa ng ₱7,500.00 at tumaya pa ng ₱20,000.00 para maabot ang VIP2 Silver.',
    );
    expect(html).toContain('Sa pagsusuri sa Ene 1, 2027, mananatili ka sa VIP1 Bronze.');
  });

  it('tells a member without a level how to join, with no projection', () => {
    const html = renderMarkup(
      <MyVipPanel
        me={{ ...MEMBER_AT_ONE, level: null, guaranteedUntil: null, reachedAt: null, projection: null }}
        programme={programme}
      />,
    );
    expect(html).toContain('Wala ka pang antas ng VIP');
    expect(html).not.toContain('vip-projection');
    expect(html).not.toContain('vip-guaranteed');
  });

  it('congratulates the holder of the highest level instead of showing bars', () => {
    const html = renderMarkup(<MyVipPanel me={{ ...MEMBER_AT_ONE, next: null }} programme={programme} />);
    expect(html).toContain('Nasa pinakamataas na antas ka na.');
    expect(html).not.toContain('role="progressbar"');
  });
});

describe('the programme', () => {
  it('shows every level as a card and marks the member’s own', () => {
    const html = renderMarkup(<VipProgrammeSection programme={programme} symbol="₱" myRank={2} />);
    const cards = html.split('data-testid="vip-level-card"').slice(1);
    expect(cards.map((card) => card.includes('Antas mo'))).toEqual([false, true, false]);
    expect(html).toContain('Sinusuri ang mga antas tuwing ika-1 ng bawat buwan.');
    expect(html).toContain('Bonus sa pag-akyat ng antas');
  });
});
