import type { CSSProperties } from 'react';
import { SlotSymbol, symbolSetOf } from '../art/slot-symbols';
import { useMessages } from '../i18n';

/** How long the slots' reels spin: the first reel stops first, the last at this time. */
export const REELS_SPIN_MS = 1_600;
const FIRST_REEL_MS = 700;
/** Symbols that pass through a reel's window before it stops on the drawn ones. */
const PASSING = 10;

/** Each reel stops later than the one on its left, the last at REELS_SPIN_MS. */
function reelSpinMs(reel: number, reels: number): number {
  return reels <= 1 ? REELS_SPIN_MS : FIRST_REEL_MS + ((REELS_SPIN_MS - FIRST_REEL_MS) * reel) / (reels - 1);
}

/**
 * The slot window the server drew, reel by reel (the engine gives columns). While isSpinning,
 * each reel runs a strip of other symbols down and stops on its drawn symbols.
 */
export function Reels({ window: columns, isSpinning = false }: { window: string[][]; isSpinning?: boolean }) {
  const m = useMessages();
  const rows = columns[0]?.length ?? 0;
  const nameOf = (symbol: string) => (m.symbols as Record<string, string>)[symbol] ?? symbol;
  const passingSymbols = symbolSetOf(columns[0]?.[0] ?? '');
  return (
    <div
      className={`g-reels ${isSpinning ? 'g-reels-spinning' : ''}`}
      style={{ gridTemplateColumns: `repeat(${columns.length}, 1fr)` }}
      data-testid="reels"
    >
      {columns.map((column, reel) => {
        const passing = isSpinning
          ? Array.from(
              { length: PASSING },
              (_, index) => passingSymbols[(reel * 5 + index * 3) % passingSymbols.length]!,
            )
          : [];
        // The passing symbols sit above the drawn ones; the strip starts lowered by their height
        // and runs down to rest on the drawn window.
        const style = {
          '--from': `${(100 * PASSING) / Math.max(rows, 1)}%`,
          animationDuration: `${reelSpinMs(reel, columns.length)}ms`,
        } as CSSProperties;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: reels are fixed positions.
          <div key={reel} className="g-reel">
            <div className="g-reel-strip" style={isSpinning ? style : undefined}>
              {isSpinning ? (
                <div className="g-reel-passing" aria-hidden="true">
                  {passing.map((symbol, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: passing symbols are fixed positions.
                    <span key={index} className={`g-symbol g-symbol-${symbol}`}>
                      <SlotSymbol symbol={symbol} name="" />
                    </span>
                  ))}
                </div>
              ) : null}
              {column.map((symbol, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a window's cells are fixed positions.
                <span key={row} className={`g-symbol g-symbol-${symbol}`} title={nameOf(symbol)}>
                  <SlotSymbol symbol={symbol} name={nameOf(symbol)} />
                </span>
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}
