import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Round } from '../api';
import { MessagesContext, messagesOf } from '../i18n';
import { NetResultLine } from './net-result-line';
import { OutcomeSummary } from './outcome-summary';
import { RecentResults } from './recent-results';

const inTagalog = (node: React.ReactNode) =>
  renderToStaticMarkup(<MessagesContext.Provider value={messagesOf('TY')}>{node}</MessagesContext.Provider>);
const inEnglish = (node: React.ReactNode) =>
  renderToStaticMarkup(<MessagesContext.Provider value={messagesOf('EN')}>{node}</MessagesContext.Provider>);

function roundOf(fields: Partial<Round>): Round {
  return { roundId: 'r1', status: 'settled', stake: '250.00', win: '0.00', ...fields } as Round;
}

describe('OutcomeSummary', () => {
  it("names the colour game's dice in the player's language", () => {
    const html = inTagalog(
      <OutcomeSummary gameCode="colour-game" outcome={{ dice: ['red', 'white', 'pink'] }} />,
    );
    expect(html).toContain('aria-label="Pula"');
    expect(html).toContain('aria-label="Puti"');
    expect(html).toContain('aria-label="Rosas"');
    expect(html).not.toContain('>red<');
  });

  it('draws each slot symbol with its name in the language, and spins only while revealing', () => {
    const window = [
      ['carabao', 'mango', 'ten'],
      ['jeepney', 'wild', 'scatter'],
      ['sampaguita', 'ace', 'king'],
    ];
    const resting = inTagalog(<OutcomeSummary gameCode="video-slot" outcome={{ base: { window } }} />);
    for (const name of ['Kalabaw', 'Mangga', 'Dyip', 'Sampaguita', 'Alas', 'Hari', 'Sampu'])
      expect(resting).toContain(`aria-label="${name}"`);
    expect(resting).not.toContain('g-reels-spinning');
    const spinning = inEnglish(
      <OutcomeSummary gameCode="video-slot" outcome={{ base: { window } }} isRevealing />,
    );
    expect(spinning).toContain('g-reels-spinning');
    expect(spinning).toContain('aria-label="Carabao"');
  });

  it('lands the wheel on the pocket and says its number and colour once it rests', () => {
    const html = inEnglish(<OutcomeSummary gameCode="roulette" outcome={{ pocket: 17 }} />);
    expect(html).toContain('g-pocket-said-black');
    expect(html).toContain('>17<');
    expect(html).toContain('>Black<');
    expect(inEnglish(<OutcomeSummary gameCode="roulette" outcome={{ pocket: 17 }} isRevealing />)).toContain(
      'g-hidden-result',
    );
  });
});

describe('NetResultLine', () => {
  it('says a small win on a bigger stake as money returned, in both languages', () => {
    const round = roundOf({ stake: '250.00', win: '80.00' });
    expect(inEnglish(<NetResultLine round={round} isShown />)).toContain('₱80.00 returned of your ₱250.00');
    expect(inTagalog(<NetResultLine round={round} isShown />)).toContain('Naibalik ang ₱80.00 sa ₱250.00 mo');
  });

  it('says a net win and a loss, and nothing while the motion runs', () => {
    expect(inEnglish(<NetResultLine round={roundOf({ win: '500.00' })} isShown />)).toContain(
      'You won ₱250.00 net',
    );
    expect(inEnglish(<NetResultLine round={roundOf({ win: '0.00' })} isShown />)).toContain(
      'You lost ₱250.00',
    );
    const during = inEnglish(<NetResultLine round={roundOf({ win: '500.00' })} isShown={false} />);
    expect(during).toContain('aria-live="polite"');
    expect(during).not.toContain('₱');
  });
});

describe('RecentResults', () => {
  it("shows the player's baccarat rounds as a strip, a bead plate and a big road", () => {
    const rounds = ['banker', 'banker', 'tie', 'player'].map((winner, index) =>
      roundOf({ roundId: `r${index}`, outcome: { winner } }),
    );
    const html = inEnglish(<RecentResults gameCode="baccarat" rounds={rounds} />);
    expect(html).toContain('Recent results');
    expect(html).toContain('Bead plate');
    expect(html).toContain('Big road');
    expect(html).toContain('aria-label="Banker, 1 tie(s) after it"');
  });

  it('is hidden with no rounds yet, and at a game without recent results', () => {
    expect(inEnglish(<RecentResults gameCode="baccarat" rounds={[]} />)).toBe('');
    expect(inEnglish(<RecentResults gameCode="dice" rounds={[roundOf({})]} />)).toBe('');
  });
});
