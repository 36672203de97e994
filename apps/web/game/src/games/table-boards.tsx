import type { RouletteInsideKind } from '@panalo/games/roulette/roulette.ts';
import { fill, useMessages } from '../i18n';
import { formatMinor } from '../money';
import { type BetOption, insideId, pocketColour, shortAmount } from './table-options';

export type BoardProps = {
  options: BetOption[];
  placed: ReadonlyMap<string, bigint>;
  onAdd: (option: BetOption) => void;
  isDisabled: boolean;
};

/** The name of a bet in the player's language: "Split 14–17", "Total 10". */
export function useBetName() {
  const m = useMessages();
  return (option: BetOption) =>
    fill((m.labels as Record<string, string>)[option.label] ?? option.label, option.params ?? {});
}

function Chip({ minor }: { minor: bigint | undefined }) {
  return minor ? (
    <span className="g-bet-chip" aria-hidden="true">
      {shortAmount(minor)}
    </span>
  ) : null;
}

function accessibleName(
  name: string,
  pays: string,
  minor: bigint | undefined,
  m: ReturnType<typeof useMessages>,
) {
  return minor
    ? `${name}, ${pays}, ${fill(m.table.onIt, { amount: formatMinor(minor) })}`
    : `${name}, ${pays}`;
}

/** One bet drawn as a button with its chip. */
function BetButton({
  option,
  props,
  className,
  style,
  children,
}: {
  option: BetOption;
  props: BoardProps;
  className: string;
  style?: React.CSSProperties;
  children?: React.ReactNode;
}) {
  const m = useMessages();
  const nameOf = useBetName();
  const minor = props.placed.get(option.id);
  return (
    <button
      type="button"
      className={`${className} ${minor ? 'g-bet-placed' : ''}`}
      style={style}
      disabled={props.isDisabled}
      onClick={() => props.onAdd(option)}
      aria-label={accessibleName(nameOf(option), option.pays, minor, m)}
      title={`${nameOf(option)} · ${option.pays}`}
      data-bet={option.id}
    >
      {children}
      <Chip minor={minor} />
    </button>
  );
}

// The layout, standing up as a phone holds it: 0 on top, rows of three numbers, the street and
// six-line spots on the left rail, splits on the lines between numbers, corners where they cross.
const CELL_WIDTH = 92;
const CELL_HEIGHT = 44;
const RAIL = 40;
const SPOT = 26;

export function RouletteBoard(props: BoardProps) {
  const m = useMessages();
  const byId = new Map(props.options.map((option) => [option.id, option]));
  const spot = (kind: RouletteInsideKind, numbers: number[], x: number, y: number) => {
    const option = byId.get(insideId(kind, numbers));
    if (!option) return null;
    return (
      <BetButton
        key={option.id}
        option={option}
        props={props}
        className={`g-spot g-spot-${kind}`}
        style={{ left: x - SPOT / 2, top: y - SPOT / 2, width: SPOT, height: SPOT }}
      />
    );
  };
  const cells: React.ReactNode[] = [];
  const spots: React.ReactNode[] = [];
  const zero = byId.get(insideId('straight', [0]));
  if (zero) {
    cells.push(
      <BetButton
        key={zero.id}
        option={zero}
        props={props}
        className="g-pocket g-pocket-green"
        style={{ left: RAIL, top: 0, width: 3 * CELL_WIDTH, height: CELL_HEIGHT }}
      >
        0
      </BetButton>,
    );
  }
  for (let number = 1; number <= 36; number += 1) {
    const row = Math.floor((number - 1) / 3);
    const column = (number - 1) % 3;
    const option = byId.get(insideId('straight', [number]));
    if (!option) continue;
    cells.push(
      <BetButton
        key={option.id}
        option={option}
        props={props}
        className={`g-pocket g-pocket-${pocketColour(number)}`}
        style={{
          left: RAIL + column * CELL_WIDTH,
          top: (row + 1) * CELL_HEIGHT,
          width: CELL_WIDTH,
          height: CELL_HEIGHT,
        }}
      >
        {number}
      </BetButton>,
    );
  }
  // Bets touching zero: the splits 0-1, 0-2, 0-3, the streets 0-1-2 and 0-2-3, the first four.
  for (let column = 0; column < 3; column += 1) {
    spots.push(spot('split', [0, column + 1], RAIL + column * CELL_WIDTH + CELL_WIDTH / 2, CELL_HEIGHT));
  }
  spots.push(spot('street', [0, 1, 2], RAIL + CELL_WIDTH, CELL_HEIGHT));
  spots.push(spot('street', [0, 2, 3], RAIL + 2 * CELL_WIDTH, CELL_HEIGHT));
  spots.push(spot('corner', [0, 1, 2, 3], RAIL / 2, CELL_HEIGHT));
  for (let row = 0; row < 12; row += 1) {
    const first = 3 * row + 1;
    const middle = (row + 1) * CELL_HEIGHT + CELL_HEIGHT / 2;
    const below = (row + 2) * CELL_HEIGHT;
    spots.push(spot('street', [first, first + 1, first + 2], RAIL / 2, middle));
    for (let column = 0; column < 2; column += 1) {
      spots.push(
        spot('split', [first + column, first + column + 1], RAIL + (column + 1) * CELL_WIDTH, middle),
      );
    }
    if (row < 11) {
      spots.push(
        spot('six-line', [first, first + 1, first + 2, first + 3, first + 4, first + 5], RAIL / 2, below),
      );
      for (let column = 0; column < 3; column += 1) {
        spots.push(
          spot(
            'split',
            [first + column, first + column + 3],
            RAIL + column * CELL_WIDTH + CELL_WIDTH / 2,
            below,
          ),
        );
      }
      for (let column = 0; column < 2; column += 1) {
        const n = first + column;
        spots.push(spot('corner', [n, n + 1, n + 3, n + 4], RAIL + (column + 1) * CELL_WIDTH, below));
      }
    }
  }
  const outside = (id: string, className: string, text: string) => {
    const option = byId.get(id);
    return option ? (
      <BetButton key={id} option={option} props={props} className={`g-outside ${className}`}>
        <span>{text}</span>
        <small>{option.pays}</small>
      </BetButton>
    ) : null;
  };
  const nameOf = useBetName();
  const named = (id: string) => {
    const option = byId.get(id);
    return option ? nameOf(option) : id;
  };
  return (
    <div className="g-roulette">
      <p className="g-board-hint g-muted">{m.table.rouletteHint}</p>
      <div className="g-roulette-scroll">
        <div
          className="g-roulette-layout"
          style={{ width: RAIL + 3 * CELL_WIDTH, height: 13 * CELL_HEIGHT }}
          data-testid="roulette-layout"
        >
          <div className="g-rail" style={{ width: RAIL, height: 13 * CELL_HEIGHT }} aria-hidden="true" />
          {cells}
          {spots}
        </div>
        <div className="g-roulette-outside" style={{ width: RAIL + 3 * CELL_WIDTH }}>
          <div className="g-outside-row" style={{ gridTemplateColumns: `${RAIL}px repeat(3, 1fr)` }}>
            <span className="g-muted g-rail-label">2:1</span>
            {[1, 2, 3].map((index) =>
              outside(`column-${index}`, 'g-outside-column', named(`column-${index}`)),
            )}
          </div>
          <div className="g-outside-row" style={{ gridTemplateColumns: 'repeat(3, 1fr)' }}>
            {[1, 2, 3].map((index) => outside(`dozen-${index}`, '', named(`dozen-${index}`)))}
          </div>
          <div className="g-outside-row" style={{ gridTemplateColumns: 'repeat(3, 1fr)' }}>
            {['low', 'even', 'red', 'black', 'odd', 'high'].map((id) =>
              outside(id, id === 'red' || id === 'black' ? `g-outside-${id}` : '', named(id)),
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

const DIE_FACES = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

export function SicBoBoard(props: BoardProps) {
  const m = useMessages();
  const nameOf = useBetName();
  const section = (
    title: string,
    ids: BetOption[],
    className: string,
    face: (option: BetOption) => string,
  ) => (
    <section className="g-sicbo-section" aria-label={title}>
      <h3>{title}</h3>
      <div className={`g-sicbo-grid ${className}`}>
        {ids.map((option) => (
          <BetButton key={option.id} option={option} props={props} className="g-sicbo-bet">
            <span className="g-sicbo-face">{face(option)}</span>
            <small>{option.pays}</small>
          </BetButton>
        ))}
      </div>
    </section>
  );
  const of = (prefix: string) => props.options.filter((option) => option.id.startsWith(prefix));
  const dice = (option: BetOption, count: number) => DIE_FACES[Number(option.params?.n)]!.repeat(count);
  return (
    <div className="g-sicbo" data-testid="sicbo-board">
      {section(
        m.table.sicBo.main,
        [...of('small'), ...of('any-triple'), ...of('big')],
        'g-sicbo-main',
        nameOf,
      )}
      {section(m.table.sicBo.totals, of('total-'), 'g-sicbo-totals', (option) => String(option.params?.n))}
      {section(m.table.sicBo.doubles, of('specific-double-'), 'g-sicbo-six', (option) => dice(option, 2))}
      {section(m.table.sicBo.triples, of('specific-triple-'), 'g-sicbo-six', (option) => dice(option, 3))}
      {section(m.table.sicBo.singles, of('single-'), 'g-sicbo-six', (option) => dice(option, 1))}
    </div>
  );
}

/** Baccarat, dragon tiger, the colour game and fish-prawn-crab: a few big spots. */
export function SimpleBoard(props: BoardProps & { gameCode: string }) {
  const nameOf = useBetName();
  return (
    <div className={`g-options g-options-${props.gameCode}`}>
      {props.options.map((option) => (
        <BetButton
          key={option.id}
          option={option}
          props={props}
          className={`g-option g-option-${option.label}`}
        >
          <span>{nameOf(option)}</span>
          <small>{option.pays}</small>
        </BetButton>
      ))}
    </div>
  );
}
