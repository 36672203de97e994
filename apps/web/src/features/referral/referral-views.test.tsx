import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagalog, renderMarkup } from '../../components/render-markup.test-support';
import type { ReferralMe, ReferralRule } from './api/referral';
import { InviteCard, RuleLine } from './components/referral-page';

beforeAll(loadTagalog);

const DEPOSIT_RULE: ReferralRule = {
  id: 'rule-1',
  name: 'Nagdeposito ng ₱500',
  trigger: 'deposit',
  threshold: '500.00',
  kind: 'bonus',
  referrerAmount: '100.00',
  friendAmount: '50.00',
  multiplier: 3,
  withinDays: 30,
};

const ME: ReferralMe = {
  code: 'AB23CD45',
  link: 'https://panalo.example/?ref=AB23CD45',
  friends: 2,
  paid: '120.00',
  held: '20.00',
};

describe('a rule', () => {
  it('says what the friend does and what each side receives, in Tagalog', () => {
    const html = renderMarkup(<RuleLine rule={DEPOSIT_RULE} symbol="₱" />);
    expect(html).toContain(
      'Nakapag-deposito ang kaibigan mo ng kabuuang ₱500.00 sa loob ng 30 araw mula nang sumali.',
    );
    expect(html).toContain('Makakatanggap ka ng ₱100.00 bilang bonus (itaya ito nang 3×).');
    expect(html).toContain('Makakatanggap ang kaibigan mo ng ₱50.00.');
  });

  it('names no part for the friend when the rule gives them nothing', () => {
    const html = renderMarkup(
      <RuleLine
        rule={{
          ...DEPOSIT_RULE,
          trigger: 'register',
          kind: 'cash',
          friendAmount: '0.00',
          referrerAmount: '20.00',
        }}
        symbol="₱"
      />,
    );
    expect(html).toContain('Nag-sign up ang kaibigan mo gamit ang code mo.');
    expect(html).toContain('Makakatanggap ka ng ₱20.00 na cash.');
    expect(html).not.toContain('Makakatanggap ang kaibigan mo');
  });
});

describe('the invite card', () => {
  it('shows the code, the link with its QR code, the sums and a share button per app', () => {
    const html = renderMarkup(<InviteCard me={ME} symbol="₱" />);
    expect(html).toContain('>AB23CD45<');
    expect(html).toContain('https://panalo.example/?ref=AB23CD45');
    expect(html).toContain('<svg');
    expect(html).toContain('₱120.00');
    expect(html).toContain('₱20.00');
    for (const target of ['messenger', 'viber', 'whatsapp', 'telegram']) {
      expect(html).toContain(`data-testid="referral-share-${target}"`);
    }
    expect(html).toContain('https://wa.me/?text=');
  });
});
