import { useTranslation } from 'react-i18next';
import { joinClassNames } from '../../../lib/class-names';
import { dateTimeFormatOf, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';

/** One line of a wallet's statement: what moved, by how much, and the balance after it. */
export type StatementLine = {
  id: string;
  code: string;
  amount: string;
  balanceAfter: string;
  createdAt: string;
  /** Shown in its own column when the statement spans several wallets. */
  wallet?: string;
  /** The game a stake or win was played in, in the reader's language; null for other lines. */
  gameName?: string | null;
};

/** What a line was: its kind, and for a stake or win the game it was played in. */
function Description({ line, kind }: { line: StatementLine; kind: string }) {
  return (
    <>
      {kind}
      {line.gameName ? (
        <span className="font-normal text-muted" data-testid="statement-game">
          {' · '}
          {line.gameName}
        </span>
      ) : null}
    </>
  );
}

/** A signed amount: money in shows with a plus and in green. */
export function Amount({ amount, symbol }: { amount: string; symbol: string }) {
  const isOut = amount.startsWith('-');
  return (
    <span className={joinClassNames('font-semibold tabular', isOut ? 'text-text' : 'text-success')}>
      {isOut ? '' : '+'}
      {formatMoney(amount, symbol)}
    </span>
  );
}

/**
 * A statement's lines: a card per line on a phone, a table from tablet width up. The wallet column
 * shows when `showWallet`; the test ids name the list (`<testId>-cards`, `<testId>-table`) and
 * each line (`lineTestId`).
 */
export function StatementLines({
  list,
  symbol,
  showWallet = false,
  descriptionHeading,
  testId,
  lineTestId,
}: {
  list: readonly StatementLine[];
  symbol: string;
  showWallet?: boolean;
  descriptionHeading: string;
  testId: string;
  lineTestId: string;
}) {
  const { t } = useTranslation();
  const dateTime = dateTimeFormatOf(useLanguage());
  const describe = (line: StatementLine) => t(`statements.codes.${line.code}`);
  return (
    <>
      {/* Phones: each line a card. */}
      <ul className="flex flex-col gap-2 md:hidden" data-testid={`${testId}-cards`}>
        {list.map((line) => (
          <li
            key={line.id}
            className="rounded-lg border border-line bg-raised px-3 py-2.5"
            data-testid={lineTestId}
          >
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 text-sm font-semibold text-text">
                <Description line={line} kind={describe(line)} />
              </span>
              <Amount amount={line.amount} symbol={symbol} />
            </div>
            <div className="mt-0.5 flex items-baseline justify-between gap-3 text-xs text-muted">
              <span>{dateTime.format(new Date(line.createdAt))}</span>
              <span className="tabular">
                {t('statements.balanceAfter', { amount: formatMoney(line.balanceAfter, symbol) })}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {/* Wider screens: a table. */}
      <table className="hidden w-full text-sm md:table" data-testid={`${testId}-table`}>
        <thead>
          <tr className="border-b border-line text-left text-xs text-muted">
            <th className="py-2 pr-3 font-medium">{t('statements.time')}</th>
            <th className="py-2 pr-3 font-medium">{descriptionHeading}</th>
            {showWallet ? <th className="py-2 pr-3 font-medium">{t('statements.wallet')}</th> : null}
            <th className="py-2 pr-3 text-right font-medium">{t('statements.amount')}</th>
            <th className="py-2 text-right font-medium">{t('statements.balance')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {list.map((line) => (
            <tr key={line.id} data-testid={lineTestId}>
              <td className="py-2.5 pr-3 text-muted">{dateTime.format(new Date(line.createdAt))}</td>
              <td className="py-2.5 pr-3 text-text">
                <Description line={line} kind={describe(line)} />
              </td>
              {showWallet ? (
                <td className="py-2.5 pr-3 text-muted">{t(`statements.wallets.${line.wallet}`)}</td>
              ) : null}
              <td className="py-2.5 pr-3 text-right">
                <Amount amount={line.amount} symbol={symbol} />
              </td>
              <td className="py-2.5 text-right tabular text-text">
                {formatMoney(line.balanceAfter, symbol)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
