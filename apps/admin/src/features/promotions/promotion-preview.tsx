import { Clock, Gift } from 'lucide-react';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { ChoiceChips } from '../../components/choice-chips.tsx';
import { ChoiceSelect } from '../../components/choice-select.tsx';
import { labelOfCode } from '../../lib/labels.ts';
import {
  actionWords,
  badgeWords,
  cardButtonWords,
  datesWords,
  detailDatesWords,
  detailWords,
  drawTimeWords,
  firstStateOf,
  localizedFor,
  type PreviewLanguage,
  type PreviewPromotion,
  type PrizeTableWords,
  prizeTableWords,
  rulesWords,
  stateLineWords,
  statesOfKind,
  termsWords,
  typeWords,
} from './preview-words.ts';
import { MEMBER_STATE_LABELS, type MemberState } from './promotion-labels.ts';

type Device = 'phone' | 'desktop';

/** The widths the player app is drawn at: a mid-range Android phone, and a desktop screen. */
const DEVICE_WIDTH_PX: Record<Device, number> = { phone: 390, desktop: 1280 };

/** The texts and images of the promotion per language, as the form holds them. */
export type PreviewContent = {
  title: Record<string, string>;
  content: Record<string, string>;
  coverImageUrls: Record<string, string>;
  detailImageUrls: Record<string, string>;
};

/**
 * The promotion as a player sees it while the operator builds it: its card in the list and its
 * details opened, drawn here in the player app's look and words (not the player app itself), on a
 * phone or a desktop, in Tagalog or English, in any state a member may see it in.
 */
export function PromotionPreview(props: {
  promotion: PreviewPromotion;
  content: PreviewContent;
  nowMs: number;
}) {
  const { promotion } = props;
  const [device, setDevice] = useState<Device>('phone');
  const [language, setLanguage] = useState<PreviewLanguage>('TY');
  const states = statesOfKind(promotion.kind);
  const [chosenState, setChosenState] = useState<MemberState | null>(null);
  // The state picked by hand holds while the kind offers it; otherwise the one a member sees now.
  const state =
    chosenState !== null && states.includes(chosenState) ? chosenState : firstStateOf(promotion, props.nowMs);
  return (
    <section className="promotion-preview" aria-label="Preview as players see it">
      <div className="promotion-preview__controls">
        <ChoiceChips
          label="Device"
          choices={[
            ['phone', 'Phone'],
            ['desktop', 'Desktop'],
          ]}
          value={device}
          onChange={setDevice}
        />
        <ChoiceChips
          label="Language"
          choices={[
            ['TY', 'TY'],
            ['EN', 'EN'],
          ]}
          value={language}
          onChange={setLanguage}
        />
        <ChoiceSelect
          label="Member's state"
          value={state}
          choices={states.map((choice) => [choice, labelOfCode(MEMBER_STATE_LABELS, choice)] as const)}
          onChange={setChosenState}
        />
      </div>
      <p className="muted small">In the list</p>
      <DeviceFrame device={device}>
        <PlayerList
          promotion={promotion}
          content={props.content}
          language={language}
          state={state}
          device={device}
        />
      </DeviceFrame>
      <p className="muted small">Opened</p>
      <DeviceFrame device={device}>
        <PlayerDetail
          promotion={promotion}
          content={props.content}
          language={language}
          state={state}
          nowMs={props.nowMs}
        />
      </DeviceFrame>
    </section>
  );
}

/**
 * A screen of the device's width, shrunk to fit the preview's column: the player app is laid out
 * at its real width, so that a phone wraps its lines and a desktop places its grid as players see.
 */
function DeviceFrame(props: { device: Device; children: ReactNode }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const [height, setHeight] = useState(0);
  const width = DEVICE_WIDTH_PX[props.device];
  useLayoutEffect(() => {
    const outerBox = outer.current;
    const innerBox = inner.current;
    if (!outerBox || !innerBox) return;
    const measure = () => {
      const nextScale = Math.min(1, outerBox.clientWidth / width);
      setScale(nextScale);
      setHeight(innerBox.offsetHeight * nextScale);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(outerBox);
    observer.observe(innerBox);
    return () => observer.disconnect();
  }, [width]);
  return (
    <div ref={outer} className={`device-frame device-frame--${props.device}`} style={{ height }}>
      <div
        ref={inner}
        className="player-look"
        style={{ width, transform: `scale(${scale})`, transformOrigin: 'top left' }}
      >
        {props.children}
      </div>
    </div>
  );
}

type ViewProps = {
  promotion: PreviewPromotion;
  content: PreviewContent;
  language: PreviewLanguage;
  state: MemberState;
};

/** The promotions page: the type tabs and the card among others (drawn as placeholders). */
function PlayerList(props: ViewProps & { device: Device }) {
  const { promotion, language } = props;
  const others = props.device === 'desktop' ? 2 : 1;
  return (
    <div className="player-look__page">
      <div className="player-look__tabs" aria-hidden="true">
        <span className="player-look__tab">{language === 'TY' ? 'Lahat' : 'All'}</span>
        <span className="player-look__tab player-look__tab--current">
          {typeWords(promotion.type, language)}
        </span>
      </div>
      <div className={`player-look__grid player-look__grid--${props.device}`}>
        <PlayerCard {...props} />
        {Array.from({ length: others }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place.
          <div key={index} className="player-look__card player-look__card--ghost" aria-hidden="true">
            <div className="player-look__cover" />
            <div className="player-look__card-body">
              <span className="player-look__ghost-line" />
              <span className="player-look__ghost-line player-look__ghost-line--short" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function PlayerCard({ promotion, content, language, state }: ViewProps) {
  const cover = localizedFor(content.coverImageUrls, language);
  const title = localizedFor(content.title, language);
  const badge = badgeWords(state, language, promotion.kind);
  const isOffer = state === 'JOIN' || state === 'CLAIM' || state === 'APPLY';
  return (
    <article className="player-look__card" data-testid="preview-card">
      <Cover url={cover} />
      <div className="player-look__card-body">
        <h3 className="player-look__title">{title || '…'}</h3>
        <div className="player-look__card-line">
          <p className="player-look__dates">{datesWords(promotion, language)}</p>
          {badge && (
            <span className={`player-look__badge player-look__badge--${toneOf(state)}`}>{badge}</span>
          )}
        </div>
        <span
          className={`player-look__button player-look__button--wide${isOffer ? '' : ' player-look__button--quiet'}`}
        >
          {cardButtonWords(state, language, promotion.kind)}
        </span>
      </div>
    </article>
  );
}

/** A promotion's picture at 2:1, or the player app's calm gradient when there is none. */
function Cover({ url }: { url: string }) {
  return (
    <div className="player-look__cover">
      {url ? <img src={url} alt="" /> : <Gift aria-hidden="true" size={40} strokeWidth={1.5} />}
    </div>
  );
}

/** How a state reads at a glance on the player's badge: open, on its way, refused, or just so. */
function toneOf(state: MemberState): 'good' | 'waiting' | 'bad' | 'neutral' {
  if (state === 'REJECTED') return 'bad';
  if (state === 'COMING_SOON' || state === 'APPLYING' || state === 'PROCESS') return 'waiting';
  if (state === 'CLOSE' || state === 'NONE') return 'neutral';
  return 'good';
}

/**
 * The details as the player app's dialog shows them: the title, the picture, when it starts and
 * ends with the badge, where the member stands, a raffle's draw time and prizes, the operator's
 * content, the rules and the bonus terms, and the action with the terms' box at the foot.
 */
function PlayerDetail({ promotion, content, language, state, nowMs }: ViewProps & { nowMs: number }) {
  const words = detailWords(language);
  const image =
    localizedFor(content.detailImageUrls, language) || localizedFor(content.coverImageUrls, language);
  const action = actionWords(state, language, promotion.kind);
  const line = stateLineWords(state, promotion.kind, language);
  const rules = rulesWords(promotion, language);
  const terms = termsWords(promotion, language);
  const prizes = prizeTableWords(promotion, language);
  const drawTime = drawTimeWords(promotion, language, nowMs);
  const badge = badgeWords(state, language, promotion.kind);
  const [starts, ends] = detailDatesWords(promotion, language);
  return (
    <article className="player-look__detail" data-testid="preview-detail">
      <h2 className="player-look__detail-title">{localizedFor(content.title, language) || '…'}</h2>
      <div className="player-look__detail-body">
        <Cover url={image} />
        <div className="player-look__card-line">
          <p className="player-look__dates player-look__dates--stacked">
            <span>{starts}</span>
            <span>{ends}</span>
          </p>
          {badge && (
            <span className={`player-look__badge player-look__badge--${toneOf(state)}`}>{badge}</span>
          )}
        </div>
        {line && <p className="player-look__standing">{line}</p>}
        {drawTime && (
          <div className="player-look__draw-time" data-testid="preview-draw-time">
            <Clock aria-hidden="true" size={20} />
            <div>
              <p className="player-look__draw-line">{drawTime.line}</p>
              {drawTime.moment && <p className="player-look__muted">{drawTime.moment}</p>}
            </div>
          </div>
        )}
        {prizes && <PrizeTable table={prizes} />}
        <OperatorHtml html={localizedFor(content.content, language)} />
        {rules.length > 0 && (
          <section>
            <h3 className="player-look__heading">{words.rules}</h3>
            <ul className="player-look__list">
              {rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </section>
        )}
        {terms && (
          <section>
            <h3 className="player-look__heading">{words.terms}</h3>
            <ul className="player-look__list">
              {terms.wagering.map((term) => (
                <li key={term}>{term}</li>
              ))}
            </ul>
            {terms.contributions.length > 0 && (
              <div className="player-look__box">
                <p className="player-look__muted">{words.contributions}</p>
                <ul className="player-look__contributions">
                  {terms.contributions.map((contribution) => (
                    <li key={contribution.gameType}>
                      <span>{contribution.game}</span>
                      <strong>{contribution.percent}</strong>
                    </li>
                  ))}
                </ul>
                <p className="player-look__muted">{words.otherGames}</p>
              </div>
            )}
            <ul className="player-look__list">
              {terms.limits.map((term) => (
                <li key={term}>{term}</li>
              ))}
            </ul>
            <p className="player-look__note">{terms.withdrawalRule}</p>
          </section>
        )}
      </div>
      {action && (
        <div className="player-look__action">
          <span className="player-look__accept">
            <span className="player-look__checkbox" aria-hidden="true" />
            {words.accept}
          </span>
          <span className="player-look__button player-look__button--wide">{action}</span>
        </div>
      )}
    </article>
  );
}

/** A raffle's prizes by place, as the player's detail lists them above the rules. */
function PrizeTable({ table }: { table: PrizeTableWords }) {
  const [place, count, each] = table.columns;
  return (
    <section>
      <h3 className="player-look__heading">{table.heading}</h3>
      <table className="player-look__prizes">
        <thead>
          <tr>
            <th scope="col">{place}</th>
            <th scope="col">{count}</th>
            <th scope="col">{each}</th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a tier's place in the table is its rank order.
            <tr key={index}>
              <td>{row.places}</td>
              <td>{row.count}</td>
              <td>{row.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {table.pool && <p className="player-look__muted">{table.pool}</p>}
    </section>
  );
}

/** The style of operator HTML on the player's pages (apps/web `.rich-text`), on the dark theme. */
const RICH_TEXT_STYLE = `
  html { color-scheme: dark; }
  body { margin: 0; font: 14px/1.5 "Inter Variable", ui-sans-serif, system-ui, sans-serif; color: #f4f2ff; background: transparent; overflow-wrap: break-word; }
  p { margin: 0 0 8px; }
  a { color: #9b83ff; text-decoration: underline; }
  ul, ol { margin: 0 0 8px; padding-left: 20px; }
  h1, h2, h3 { font-weight: 600; margin: 12px 0 8px; font-size: 16px; }
  img { max-width: 100%; height: auto; border-radius: 8px; }
  table { border-collapse: collapse; }
  td, th { border: 1px solid #2e2750; padding: 4px 8px; }
`;

/**
 * The operator's content HTML as players will read it. It is drawn in a sandboxed frame that runs
 * no script and loads nothing but images: the text is not sanitised until it is saved, and what
 * an operator pastes must not run inside the back office.
 */
function OperatorHtml({ html }: { html: string }) {
  const [height, setHeight] = useState(0);
  const document = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'"><style>${RICH_TEXT_STYLE}</style></head><body>${html}</body></html>`;
  if (html.trim() === '') return null;
  return (
    <iframe
      // The frame's document is its own (no script runs there), but same-origin, so that its
      // height can be read once it and its images have loaded.
      onLoad={(event) => setHeight(event.currentTarget.contentDocument?.documentElement.scrollHeight ?? 0)}
      className="player-look__content"
      title="Content"
      sandbox="allow-same-origin"
      srcDoc={document}
      style={{ height }}
    />
  );
}
