import { type ReactNode, useContext } from 'react';
import { joinClassNames } from '../../lib/class-names';
import { phoneMediaQuery, useMediaQuery } from '../../lib/use-media-query';
import { GameBarMoneyContext } from './game-bar-money';
import { GamePageBackButton } from './game-page-back-button';

/**
 * The one slim bar above a game (seamless, lottery): back, the game's name and, on a phone, where
 * the site's header gives way to the game, the member's balance with the deposit button. From
 * tablet width the site's header stays above and carries the money itself.
 */
export function GamePageBar({
  title,
  onBack,
  backTestId,
  className,
  children,
}: {
  title: string;
  onBack: () => void;
  backTestId: string;
  className?: string;
  /** What else the game's bar shows (a lottery's latest draw and its other games). */
  children?: ReactNode;
}) {
  const Money = useContext(GameBarMoneyContext);
  // From tablet width the site's header shows the money; the page holds one copy of it.
  const isPhone = useMediaQuery(phoneMediaQuery);
  return (
    <div
      className={joinClassNames(
        'flex min-h-12 shrink-0 items-center gap-x-2 border-b border-line bg-surface px-1',
        className,
      )}
      data-testid="game-page-bar"
    >
      <GamePageBackButton onClick={onBack} testId={backTestId} />
      <h1 className="min-w-0 flex-1 truncate text-base font-bold">{title}</h1>
      {Money && isPhone ? (
        <div className="flex shrink-0 items-center gap-1 pr-1">
          <Money />
        </div>
      ) : null}
      {children}
    </div>
  );
}
