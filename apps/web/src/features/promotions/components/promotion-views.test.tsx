import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ty } from '../../../lib/i18n/locales/ty';
import type { BonusView, PromotionListItem } from '../api/promotions';
import { BonusCard } from './bonus-card';
import { WageringBar } from './bonus-progress-panel';
import { PromotionCard } from './promotion-card';

// The views rendered to markup as the server would, in Tagalog, the site's default language. Server
// rendering reads the stores' first state (a visitor, Tagalog): what members see is decided by
// actionOf, tested on its own.

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'fil',
    resources: { fil: { translation: ty } },
    interpolation: { escapeValue: false },
  });
});

function render(node: ReactNode): string {
  const queryClient = new QueryClient();
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

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
};

describe('a promotion card', () => {
  it('asks a visitor to log in to claim, with the promotion named for assistive technology', () => {
    const html = render(<PromotionCard promotion={promotion} isFirstRow onOpen={() => undefined} />);
    expect(html).toContain('>Mag-log in para mag-claim<');
    expect(html).toContain('aria-label="Mag-log in para mag-claim: Welcome bonus"');
    expect(html).toContain('Puwede nang i-claim');
  });

  it('dates the promotion in the merchant’s zone, from its first day to its last', () => {
    const html = render(<PromotionCard promotion={promotion} isFirstRow onOpen={() => undefined} />);
    // 15:59:59 UTC on the 31st is still the 31st in Manila; midnight UTC on the 1st is 8 in the morning there.
    expect(html).toContain('Dis 1, 2026 hanggang Dis 31, 2026');
  });

  it('holds a picture’s space even without one, and names it', () => {
    const html = render(<PromotionCard promotion={promotion} isFirstRow={false} onOpen={() => undefined} />);
    expect(html).toContain('aspect-[2/1]');
    expect(html).toContain('aria-label="Promo: Welcome bonus"');
  });

  it('leads to the details where there is nothing to do', () => {
    const html = render(
      <PromotionCard promotion={{ ...promotion, state: 'CLOSE' }} isFirstRow onOpen={() => undefined} />,
    );
    expect(html).toContain('>Tingnan ang detalye<');
    expect(html).toContain('Sarado na');
  });
});

describe('a bonus', () => {
  it('shows its wagering as a bar of whole percent with what is left', () => {
    const html = render(<WageringBar wagered="110.00" wageringRequired="440.00" />);
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuenow="25"');
    expect(html).toContain('₱110.00 sa ₱440.00 ang naitaya');
    expect(html).toContain('₱330.00 pa ang kailangang itaya');
  });

  it('running shows its countdown, largest bet, conversion cap and Cancel bonus', () => {
    const html = render(<BonusCard bonus={bonus} now={new Date('2026-12-05T22:30:00.000Z')} />);
    expect(html).toContain('Mag-e-expire sa loob ng 2 araw 1 oras');
    expect(html).toContain('Hanggang Dis 8, 2026, 8:00 AM');
    expect(html).toContain('Pinakamalaking taya: ₱50.00');
    expect(html).toContain('Hanggang ₱5,000.00 ang magiging cash');
    expect(html).toContain('Kanselahin ang bonus');
  });

  it('waiting says it starts after the current one, with no bar yet', () => {
    const html = render(
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
    const html = render(
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
