import { fill, useMessages } from './i18n';
import { formatAmount, minorOf, toWireAmount } from './money';

/**
 * The member's money at the table (wire decimals): cash, and the bonus money our games stake once
 * cash runs short. What can be staked is both together.
 */
export type Wallets = { cash: string; bonus: string };

/** A bet's or an action's answer as far as the balances go. */
export type BalanceAnswer = {
  balance: string;
  /** Null when the round staked and paid cash only and the server did not read the bonus again. */
  bonusBalance: string | null;
};

/** What can be staked: cash and bonus money together, as a wire decimal. */
export function stakeableOf(wallets: Wallets): string {
  return toWireAmount(minorOf(wallets.cash) + minorOf(wallets.bonus));
}

/**
 * The wallets after an answer: its cash, and its bonus when it gives one (both were read together);
 * without one, the bonus the client holds still stands.
 */
export function walletsAfter(current: Wallets, answer: BalanceAnswer): Wallets {
  return { cash: answer.balance, bonus: answer.bonusBalance ?? current.bonus };
}

/** The balance in the table's header: what can be staked, and beneath it the bonus part when there is one. */
export function BalanceFigures({
  label,
  stakeable,
  bonus,
  symbol,
}: {
  label: string;
  stakeable: string;
  bonus: string;
  symbol: string;
}) {
  const m = useMessages();
  return (
    <>
      <span className="g-muted">{label}</span>
      <strong>{formatAmount(stakeable, symbol)}</strong>
      {minorOf(bonus) > 0n ? (
        <span className="g-balance-bonus" data-testid="game-bonus-balance">
          {fill(m.bonusPart, { amount: formatAmount(bonus, symbol) })}
        </span>
      ) : null}
    </>
  );
}
