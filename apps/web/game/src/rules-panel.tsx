import type { Table } from './api';
import { fill, useMessages } from './i18n';
import { formatAmount } from './money';

/** The game's rules and paytable in the player's language, with its return and limits. */
export function RulesPanel({ table }: { table: Table }) {
  const m = useMessages();
  const rules =
    table.gameCode === 'dice'
      ? m.dice.rules
      : table.gameCode === 'mines'
        ? m.mines.rules
        : table.gameCode === 'blackjack'
          ? m.blackjack.rules
          : table.gameCode.endsWith('slot')
            ? m.slot.rules
            : m.table.rules;
  return (
    <div className="g-rules">
      <p>{rules}</p>
      <p className="g-muted">
        {fill(m.limits, {
          min: formatAmount(table.limits.minStake, table.currencySymbol),
          max: formatAmount(table.limits.maxStake, table.currencySymbol),
          maxWin: formatAmount(table.limits.maxWin, table.currencySymbol),
        })}
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
              <td>{line.bet}</td>
              <td>{line.pays}</td>
              <td>{line.rtp ? `${line.rtp}%` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
