import type { Table } from './api';
import { fill, type useMessages, useMessages as useMessagesHook } from './i18n';
import { formatAmount } from './money';

type Messages = ReturnType<typeof useMessages>;

/** A paytable line's bet in the player's language: "total-10" → "Total 10", "three-seven" → "Three Seven". */
export function paytableName(m: Messages, bet: string): string {
  const names = m.paytable as Record<string, string>;
  if (names[bet]) return names[bet];
  const total = /^total-(\d+)$/.exec(bet);
  if (total) return fill(names.total!, { n: total[1]! });
  const scatter = /^scatter-(\d+)$/.exec(bet);
  if (scatter) return fill(names.scatter!, { n: scatter[1]! });
  const symbols = m.symbols as Record<string, string>;
  const three = /^three-(.+)$/.exec(bet);
  if (three) return fill(names.three!, { symbol: symbols[three[1]!] ?? three[1]! });
  return fill(names.symbol!, { symbol: symbols[bet] ?? bet });
}

function rulesOf(m: Messages, gameCode: string): string {
  if (gameCode === 'dice') return m.dice.rules;
  if (gameCode === 'mines') return m.mines.rules;
  if (gameCode === 'blackjack') return m.blackjack.rules;
  if (gameCode.endsWith('slot')) return m.slot.rules;
  return (m.gameRules as Record<string, string>)[gameCode] ?? m.table.rules;
}

/** How the game keeps to the maximum win (GAMES.md: limits hold before any money moves). */
function maxWinRuleOf(m: Messages, gameCode: string): string {
  if (gameCode === 'mines') return m.maxWinRules.mines;
  if (gameCode === 'blackjack') return m.maxWinRules.blackjack;
  if (gameCode === 'video-slot') return m.maxWinRules.capped;
  return m.maxWinRules.refused;
}

/** The paytable's cap on a round's win, in total stakes ("×5000" on its max-win line). */
function capMultiplierOf(table: Table): string {
  return table.paytable.find((line) => line.bet === 'max-win')?.pays.replace('×', '') ?? '';
}

/** The game's rules and paytable in the player's language, with its return and limits. */
export function RulesPanel({ table }: { table: Table }) {
  const m = useMessagesHook();
  return (
    <div className="g-rules">
      <p>{rulesOf(m, table.gameCode)}</p>
      <p className="g-muted">
        {fill(m.limits, {
          min: formatAmount(table.limits.minStake, table.currencySymbol),
          max: formatAmount(table.limits.maxStake, table.currencySymbol),
          maxWin: formatAmount(table.limits.maxWin, table.currencySymbol),
        })}
      </p>
      <p className="g-muted" data-testid="max-win-rule">
        {fill(maxWinRuleOf(m, table.gameCode), { multiplier: capMultiplierOf(table) })}
      </p>
      <p>{fill(m.rtp, { rtp: table.rtp })}</p>
      <table className="g-paytable">
        <thead>
          <tr>
            <th>{m.bet}</th>
            <th>{m.pays}</th>
            <th>RTP</th>
          </tr>
        </thead>
        <tbody>
          {table.paytable.map((line) => (
            <tr key={line.bet}>
              <td>{paytableName(m, line.bet)}</td>
              <td>{line.pays}</td>
              <td>{line.rtp ? `${line.rtp}%` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
