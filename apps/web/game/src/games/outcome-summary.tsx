import { nameCard } from '@panalo/games/fairness/cards.ts';
import { useMessages } from '../i18n';

type AnyOutcome = Record<string, unknown>;

function Card({ card }: { card: number | null }) {
  if (card === null) return <span className="g-card g-card-back">?</span>;
  const name = nameCard(card);
  const isRed = name.endsWith('♥') || name.endsWith('♦');
  return <span className={`g-card ${isRed ? 'g-card-red' : ''}`}>{name}</span>;
}

export function Cards({ cards }: { cards: Array<number | null> }) {
  return (
    <span className="g-cards">
      {cards.map((card, index) => (
        // Cards repeat in a shoe, so their place in the hand is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: a hand's cards never reorder.
        <Card key={index} card={card} />
      ))}
    </span>
  );
}

/** Short faces for the reels, so that a symbol fits its cell on a phone; the full name is its title. */
const SYMBOL_FACES: Record<string, string> = {
  wild: 'WILD',
  scatter: '★',
  mango: 'MANGO',
  jeepney: 'JEEP',
  carabao: 'CARAB',
  sampaguita: '✿',
  ace: 'A',
  king: 'K',
  queen: 'Q',
  jack: 'J',
  ten: '10',
  seven: '7',
  bar: 'BAR',
  bell: 'BELL',
  plum: 'PLUM',
  orange: 'ORANGE',
  lemon: 'LEMON',
  cherry: 'CHERRY',
};

function Grid({ window: columns }: { window: string[][] }) {
  // The engine gives the window reel by reel (columns); the screen shows rows.
  const rows = columns[0]?.map((_, row) => columns.map((column) => column[row] ?? '')) ?? [];
  return (
    <div className="g-reels" style={{ gridTemplateColumns: `repeat(${columns.length}, 1fr)` }}>
      {rows.flat().map((symbol, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a window's cells are fixed positions.
        <span key={index} className={`g-symbol g-symbol-${symbol}`} title={symbol}>
          {SYMBOL_FACES[symbol] ?? symbol}
        </span>
      ))}
    </div>
  );
}

/** A clear rendering of any of our games' outcomes: cards as text, dice, pockets, reels. */
export function OutcomeSummary({ gameCode, outcome }: { gameCode: string; outcome: unknown }) {
  const m = useMessages();
  if (!outcome || typeof outcome !== 'object') return null;
  const o = outcome as AnyOutcome;
  switch (gameCode) {
    case 'dice': {
      const roll = o.rollHundredths as number;
      return (
        <p className="g-outcome-big">
          {(roll / 100).toFixed(2)} {o.isWin ? '✓' : '✗'}
        </p>
      );
    }
    case 'mines':
      return (
        <p className="g-muted">
          {m.mines.mines}: {((o.mines as number[] | null) ?? []).join(', ')} · ✓{' '}
          {(o.picks as number[]).join(', ')}
        </p>
      );
    case 'roulette':
      return <p className="g-outcome-big">{String(o.pocket)}</p>;
    case 'baccarat':
      return (
        <div className="g-hands">
          <p>
            P <Cards cards={o.player as number[]} /> = {String(o.playerTotal)}
          </p>
          <p>
            B <Cards cards={o.banker as number[]} /> = {String(o.bankerTotal)}
          </p>
        </div>
      );
    case 'dragon-tiger':
      return (
        <p className="g-hands">
          D <Cards cards={[o.dragon as number]} /> · T <Cards cards={[o.tiger as number]} />
        </p>
      );
    case 'sic-bo':
    case 'colour-game':
    case 'fish-prawn-crab':
      return (
        <p className="g-dice">
          {(o.dice as Array<string | number>).map((face, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: three dice in draw order.
            <span key={index} className={`g-die g-face-${face}`}>
              {String(face)}
            </span>
          ))}
        </p>
      );
    case 'classic-slot':
      return <Grid window={o.window as string[][]} />;
    case 'video-slot':
      return <Grid window={(o.base as { window: string[][] }).window} />;
    case 'blackjack':
      return (
        <div className="g-hands">
          <p>
            {m.blackjack.dealer} <Cards cards={o.dealer as number[]} />
          </p>
          {(o.hands as Array<{ cards: number[] }>).map((hand, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: hands keep their order.
            <p key={index}>
              <Cards cards={hand.cards} />
            </p>
          ))}
        </div>
      );
    default:
      return null;
  }
}
