import type { RouletteInsideKind } from '@panalo/games/roulette/roulette.ts';
import { useEffect, useState } from 'react';
import { SpotMark } from '../art/dice-faces';
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
// On a wide screen the same layout lies down as on a real table: 0 on the left, the rail below.
const CELL_WIDTH = 92;
const CELL_HEIGHT = 44;
const RAIL = 40;
const SPOT = 22;
const WIDE_QUERY = '(min-width: 720px)';

function useIsWide(): boolean {
  const [isWide, setWide] = useState(() => window.matchMedia(WIDE_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE_QUERY);
    const onChange = () => setWide(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return isWide;
}

type Geometry = { cellWidth: number; cellHeight: number; isWide: boolean };

/** A box of the standing layout (x across, y down) where the layout is drawn. */
function boxOf(geometry: Geometry, x: number, y: number, width: number, height: number): React.CSSProperties {
  if (!geometry.isWide) return { left: x, top: y, width, height };
  const across = RAIL + 3 * geometry.cellWidth;
  return { left: y, top: across - x - width, width: height, height: width };
}

export function RouletteBoard(props: BoardProps) {
  const m = useMessages();
  const isWide = useIsWide();
  const geometry: Geometry = isWide
    ? { cellWidth: 56, cellHeight: 48, isWide }
    : { cellWidth: CELL_WIDTH, cellHeight: CELL_HEIGHT, isWide };
  const CW = geometry.cellWidth;
  const CH = geometry.cellHeight;
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
        style={boxOf(geometry, x - SPOT / 2, y - SPOT / 2, SPOT, SPOT)}
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
        className={`g-pocket g-pocket-green ${isWide ? 'g-pocket-zero-wide' : ''}`}
        style={boxOf(geometry, RAIL, 0, 3 * CW, CH)}
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
        style={boxOf(geometry, RAIL + column * CW, (row + 1) * CH, CW, CH)}
      >
        {number}
      </BetButton>,
    );
  }
  // Bets touching zero: the splits 0-1, 0-2, 0-3, the streets 0-1-2 and 0-2-3, the first four.
  for (let column = 0; column < 3; column += 1) {
    spots.push(spot('split', [0, column + 1], RAIL + column * CW + CW / 2, CH));
  }
  spots.push(spot('street', [0, 1, 2], RAIL + CW, CH));
  spots.push(spot('street', [0, 2, 3], RAIL + 2 * CW, CH));
  spots.push(spot('corner', [0, 1, 2, 3], RAIL / 2, CH));
  for (let row = 0; row < 12; row += 1) {
    const first = 3 * row + 1;
    const middle = (row + 1) * CH + CH / 2;
    const below = (row + 2) * CH;
    spots.push(spot('street', [first, first + 1, first + 2], RAIL / 2, middle));
    for (let column = 0; column < 2; column += 1) {
      spots.push(spot('split', [first + column, first + column + 1], RAIL + (column + 1) * CW, middle));
    }
    if (row < 11) {
      spots.push(
        spot('six-line', [first, first + 1, first + 2, first + 3, first + 4, first + 5], RAIL / 2, below),
      );
      for (let column = 0; column < 3; column += 1) {
        spots.push(spot('split', [first + column, first + column + 3], RAIL + column * CW + CW / 2, below));
      }
      for (let column = 0; column < 2; column += 1) {
        const n = first + column;
        spots.push(spot('corner', [n, n + 1, n + 3, n + 4], RAIL + (column + 1) * CW, below));
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
          style={
            isWide ? { width: 13 * CH, height: RAIL + 3 * CW } : { width: RAIL + 3 * CW, height: 13 * CH }
          }
          data-testid="roulette-layout"
        >
          <div className="g-rail" style={boxOf(geometry, 0, 0, RAIL, 13 * CH)} aria-hidden="true" />
          {cells}
          {spots}
        </div>
        <div className="g-roulette-outside" style={{ width: isWide ? 13 * CH : RAIL + 3 * CW }}>
          <div className="g-outside-row" style={{ gridTemplateColumns: `${RAIL}px repeat(3, 1fr)` }}>
            <span className="g-muted g-rail-label">2:1</span>
            {[1, 2, 3].map((index) =>
              outside(`column-${index}`, 'g-outside-column', named(`column-${index}`)),
            )}
          </div>
          <div className="g-outside-row" style={{ gridTemplateColumns: 'repeat(3, 1fr)' }}>
            {[1, 2, 3].map((index) => outside(`dozen-${index}`, '', named(`dozen-${index}`)))}
          </div>
          <div className="g-outside-row" style={{ gridTemplateColumns: `repeat(${isWide ? 6 : 3}, 1fr)` }}>
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
          <SpotMark gameCode={props.gameCode} face={option.label} />
          <span>{nameOf(option)}</span>
          <small>{option.pays}</small>
        </BetButton>
      ))}
    </div>
  );
}
