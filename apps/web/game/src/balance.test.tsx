import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BalanceFigures, stakeableOf, walletsAfter } from './balance';
import { type Language, MessagesContext, messagesOf } from './i18n';

const render = (language: Language, node: React.ReactNode) =>
  renderToStaticMarkup(
    <MessagesContext.Provider value={messagesOf(language)}>{node}</MessagesContext.Provider>,
  );

describe('the balance our game client shows', () => {
  it('counts cash and bonus money together as what can be staked', () => {
    expect(stakeableOf({ cash: '100.00', bonus: '20.00' })).toBe('120.00');
    expect(stakeableOf({ cash: '0.00', bonus: '20.05' })).toBe('20.05');
    expect(stakeableOf({ cash: '1234567.89', bonus: '0.00' })).toBe('1234567.89');
  });

  it('takes both balances from an answer that gives both, and keeps the bonus it holds when the answer gives none', () => {
    const opened = { cash: '100.00', bonus: '20.00' };
    // A round played the full way on bonus money: both after it.
    const fullWay = walletsAfter(opened, { balance: '0.00', bonusBalance: '15.00' });
    expect(fullWay).toEqual({ cash: '0.00', bonus: '15.00' });
    // A one-step round staked and paid cash only: the bonus stands.
    const oneStep = walletsAfter({ cash: '50.00', bonus: '15.00' }, { balance: '49.00', bonusBalance: null });
    expect(oneStep).toEqual({ cash: '49.00', bonus: '15.00' });
    expect(stakeableOf(oneStep)).toBe('64.00');
    // The bonus turned into cash: both move at once, and nothing is counted twice.
    const converted = walletsAfter(oneStep, { balance: '63.00', bonusBalance: '0.00' });
    expect(stakeableOf(converted)).toBe('63.00');
  });

  it('shows the bonus part beneath the balance in either language, and nothing of it without bonus money', () => {
    const figures = <BalanceFigures label="·" stakeable="120.00" bonus="20.00" symbol="₱" />;
    const english = render('EN', figures);
    expect(english).toContain('<strong>₱120.00</strong>');
    expect(english).toContain('incl. bonus ₱20.00');
    const tagalog = render('TY', figures);
    expect(tagalog).toContain('<strong>₱120.00</strong>');
    expect(tagalog).toContain('kasama ang bonus na ₱20.00');
    const cashOnly = render('TY', <BalanceFigures label="·" stakeable="100.00" bonus="0.00" symbol="₱" />);
    expect(cashOnly).toContain('<strong>₱100.00</strong>');
    expect(cashOnly).not.toContain('game-bonus-balance');
  });
});
