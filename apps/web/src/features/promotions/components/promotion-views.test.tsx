import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagalog, renderMarkup } from '../../../components/render-markup.test-support';
import type { PromotionListItem } from '../api/promotions';
import { PromotionCard } from './promotion-card';

// Rendered as the server would, a card shows what a visitor sees; what members see is decided by
// actionOf, tested on its own.

beforeAll(loadTagalog);

const promotion: PromotionListItem = {
  id: 'promotion-1',
  type: 'NEWBIE',
  kind: 'newbie_bonus',
  title: 'Welcome bonus',
  coverImageUrl: null,
  startsAt: '2026-12-01T00:00:00.000Z',
  endsAt: '2026-12-31T15:59:59.000Z',
  state: 'CLAIM',
};

describe('a promotion card', () => {
  it('asks a visitor to log in to claim, with the promotion named for assistive technology', () => {
    const html = renderMarkup(<PromotionCard promotion={promotion} isFirstRow onOpen={() => undefined} />);
    expect(html).toContain('>Mag-log in para mag-claim<');
    expect(html).toContain('aria-label="Mag-log in para mag-claim: Welcome bonus"');
    expect(html).toContain('Puwede nang i-claim');
  });

  it('dates the promotion in the merchant’s zone, from its first day to its last', () => {
    const html = renderMarkup(<PromotionCard promotion={promotion} isFirstRow onOpen={() => undefined} />);
    // 15:59:59 UTC on the 31st is still the 31st in Manila; midnight UTC on the 1st is 8 in the morning there.
    expect(html).toContain('Dis 1, 2026 hanggang Dis 31, 2026');
  });

  it('holds a picture’s space even without one, and names it', () => {
    const html = renderMarkup(
      <PromotionCard promotion={promotion} isFirstRow={false} onOpen={() => undefined} />,
    );
    expect(html).toContain('aspect-[2/1]');
    expect(html).toContain('aria-label="Promo: Welcome bonus"');
  });

  it('leads to the details where there is nothing to do', () => {
    const html = renderMarkup(
      <PromotionCard promotion={{ ...promotion, state: 'CLOSE' }} isFirstRow onOpen={() => undefined} />,
    );
    expect(html).toContain('>Tingnan ang detalye<');
    expect(html).toContain('Sarado na');
  });
});
