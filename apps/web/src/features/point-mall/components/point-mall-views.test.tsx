import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagalog, renderMarkup } from '../../../components/render-markup.test-support';
import type { Goods } from '../api/points';
import { GoodsCard } from './goods-card';
import { PointsBalanceCard } from './points-balance-card';

// Rendered as the server would, in Tagalog: what a reward's card and the points card show.

beforeAll(loadTagalog);

const shirt: Goods = {
  id: 'goods-shirt',
  name: 'Panalo T-shirt',
  description: 'Cotton, size L',
  imageUrls: [],
  kind: 'item',
  points: 2_500,
  amount: null,
  requirement: { kind: 'deposit', amount: '1000.00', days: 30 },
  stock: 12,
  perMemberLimit: 2,
};

describe('a reward’s card', () => {
  it('shows the points, the requirement, the stock and the limit, and holds the picture’s space', () => {
    const html = renderMarkup(
      <GoodsCard goods={shirt} symbol="₱" isFirstRow action="redeem" onAction={() => undefined} />,
    );
    expect(html).toContain('2,500 puntos');
    expect(html).toContain('Magdeposito ng hindi bababa sa ₱1,000.00 sa nakaraang 30 araw');
    expect(html).toContain('Natitira: 12');
    expect(html).toContain('Hanggang 2 bawat miyembro');
    expect(html).toContain('aspect-[4/3]');
    expect(html).toContain('aria-label="I-redeem: Panalo T-shirt"');
  });

  it('says what a unit of cash is worth', () => {
    const html = renderMarkup(
      <GoodsCard
        goods={{
          ...shirt,
          kind: 'cash',
          amount: '50.00',
          requirement: null,
          stock: null,
          perMemberLimit: null,
        }}
        symbol="₱"
        isFirstRow
        action="redeem"
        onAction={() => undefined}
      />,
    );
    expect(html).toContain('₱50.00 na pera');
    expect(html).toContain('Laging mayroon');
    expect(html).not.toContain('bawat miyembro');
  });

  it('asks a visitor to log in instead of redeeming', () => {
    const html = renderMarkup(
      <GoodsCard goods={shirt} symbol="₱" isFirstRow={false} action="login" onAction={() => undefined} />,
    );
    expect(html).toContain('aria-label="Mag-log in: Panalo T-shirt"');
  });

  it('cannot be redeemed once out of stock', () => {
    const html = renderMarkup(
      <GoodsCard
        goods={{ ...shirt, stock: 0 }}
        symbol="₱"
        isFirstRow
        action="redeem"
        onAction={() => undefined}
      />,
    );
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Ubos na: Panalo T-shirt"/);
  });
});

describe('the points card', () => {
  it('asks a visitor to log in and says points never expire', () => {
    const html = renderMarkup(<PointsBalanceCard />);
    expect(html).toContain('Kasalukuyang puntos');
    expect(html).toContain('Mag-log in para makita ang iyong puntos.');
    expect(html).toContain('Hindi nawawalan ng bisa ang iyong puntos.');
  });
});
