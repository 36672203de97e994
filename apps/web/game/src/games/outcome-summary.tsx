import { nameCard } from '@panalo/games/fairness/cards.ts';
import type { CSSProperties } from 'react';
import { ColourFace, CreatureFace, PipFace } from '../art/dice-faces';
import { RouletteWheel } from '../art/roulette-wheel';
import { fill, useMessages } from '../i18n';
import { Reels } from './reels';
import { pocketColour } from './table-options';

type AnyOutcome = Record<string, unknown>;

/** How long each game's result moves before it rests (use-reveal keeps every one under 2 s). */
export const REVEAL_MS: Record<string, number> = {
  'classic-slot': 1_600,
  'video-slot': 1_600,
  roulette: 1_800,
  baccarat: 1_500,
  'dragon-tiger': 900,
  'sic-bo': 1_100,
  'colour-game': 1_100,
  'fish-prawn-crab': 1_100,
  blackjack: 900,
  dice: 900,
};

/** A card face up, or face down (null, the dealer's hole card); dealt in order when deal is set. */
function Card({ card, deal }: { card: number | null; deal: number | null }) {
  const style = deal === null ? undefined : ({ '--deal': `${deal * 200}ms` } as CSSProperties);
  const dealt = deal === null ? '' : 'g-card-dealt';
  if (card === null)
    return (
      <span className={`g-card g-card-back ${dealt}`} style={style}>
        ?
      </span>
    );
  const name = nameCard(card);
  const isRed = name.endsWith('♥') || name.endsWith('♦');
  return (
    <span className={`g-card ${isRed ? 'g-card-red' : ''} ${dealt}`} style={style}>
      {name}
    </span>
  );
}

/**
 * A hand's cards. While dealing, card i comes in at dealAt(i) (in steps of 200 ms), so that the
 * cards of two hands come in turn as a dealer deals them.
 */
export function Cards({
  cards,
  dealAt = null,
}: {
  cards: Array<number | null>;
  dealAt?: ((index: number) => number) | null;
}) {
  return (
    <span className="g-cards">
      {cards.map((card, index) => (
        // Cards repeat in a shoe, so their place in the hand is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: a hand's cards never reorder.
        <Card key={index} card={card} deal={dealAt ? dealAt(index) : null} />
      ))}
    </span>
  );
}

function Dice({
  gameCode,
  dice,
  isRolling,
}: {
  gameCode: string;
  dice: Array<string | number>;
  isRolling: boolean;
}) {
  const m = useMessages();
  const labels = m.labels as Record<string, string>;
  return (
    <p className={`g-dice ${isRolling ? 'g-dice-rolling' : ''}`}>
      {dice.map((face, index) => {
        const style = { '--roll': `${index * 120}ms` } as CSSProperties;
        const name = typeof face === 'number' ? String(face) : (labels[face] ?? face);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: three dice in draw order.
          <span key={index} className={`g-die g-die-${gameCode}`} style={style}>
            {gameCode === 'sic-bo' ? (
              <PipFace value={Number(face)} name={name} />
            ) : gameCode === 'colour-game' ? (
              <ColourFace colour={String(face)} name={name} />
            ) : (
              <CreatureFace face={String(face)} name={name} />
            )}
          </span>
        );
      })}
    </p>
  );
}

/**
 * Any of our games' outcomes drawn: reels, a wheel, cards, dice. isRevealing runs the motion that
 * lands on it (use-reveal decides for how long); at rest it is the outcome as drawn.
 */
export function OutcomeSummary({
  gameCode,
  outcome,
  isRevealing = false,
}: {
  gameCode: string;
  outcome: unknown;
  isRevealing?: boolean;
}) {
  const m = useMessages();
  if (!outcome || typeof outcome !== 'object') return null;
  const o = outcome as AnyOutcome;
  const deal = (order: (index: number) => number) => (isRevealing ? order : null);
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
    case 'roulette': {
      const pocket = o.pocket as number;
      const colour = pocketColour(pocket);
      return (
        <div className="g-roulette-result">
          <RouletteWheel pocket={pocket} isTurning={isRevealing} turnMs={REVEAL_MS.roulette!} />
          <p className={`g-pocket-said g-pocket-said-${colour} ${isRevealing ? 'g-hidden-result' : ''}`}>
            <span className="g-outcome-big">{pocket}</span>
            <span>{(m.labels as Record<string, string>)[colour]}</span>
          </p>
        </div>
      );
    }
    case 'baccarat':
      // Player, banker, player, banker; a third card after the four.
      return (
        <div className="g-hands">
          <p>
            {m.labels.player}{' '}
            <Cards cards={o.player as number[]} dealAt={deal((index) => (index < 2 ? index * 2 : 4))} />{' '}
            <strong className={isRevealing ? 'g-hidden-result' : ''}>{String(o.playerTotal)}</strong>
          </p>
          <p>
            {m.labels.banker}{' '}
            <Cards cards={o.banker as number[]} dealAt={deal((index) => (index < 2 ? index * 2 + 1 : 5))} />{' '}
            <strong className={isRevealing ? 'g-hidden-result' : ''}>{String(o.bankerTotal)}</strong>
          </p>
        </div>
      );
    case 'dragon-tiger':
      return (
        <p className="g-hands">
          {m.labels.dragon} <Cards cards={[o.dragon as number]} dealAt={deal(() => 0)} /> · {m.labels.tiger}{' '}
          <Cards cards={[o.tiger as number]} dealAt={deal(() => 2)} />
        </p>
      );
    case 'sic-bo':
    case 'colour-game':
    case 'fish-prawn-crab':
      return <Dice gameCode={gameCode} dice={o.dice as Array<string | number>} isRolling={isRevealing} />;
    case 'classic-slot':
      return <Reels window={o.window as string[][]} isSpinning={isRevealing} />;
    case 'video-slot':
      return <Reels window={(o.base as { window: string[][] }).window} isSpinning={isRevealing} />;
    case 'blackjack':
      return (
        <div className="g-hands">
          <p>
            {m.blackjack.dealer} <Cards cards={o.dealer as number[]} />
          </p>
          {(o.hands as Array<{ cards: number[] }>).map((hand, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: hands keep their order.
            <p key={index}>
              {fill(m.blackjack.hand, { number: index + 1 })} <Cards cards={hand.cards} />
            </p>
          ))}
        </div>
      );
    default:
      return null;
  }
}
