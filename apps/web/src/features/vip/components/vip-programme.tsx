import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/ui/page-frame';
import { Tabs } from '../../../components/ui/tabs';
import { joinClassNames } from '../../../lib/class-names';
import { formatMoney } from '../../../lib/format';
import type { VipLevel, VipProgramme } from '../api/vip';
import { BENEFIT_SECTIONS, type BenefitRow, benefitRowsOf, levelsByRank } from '../vip-words';
import { LevelBadge } from './level-badge';

/** One level as a card: badge, label, name and what reaching it asks for over the window. */
function LevelCard({
  level,
  windowDays,
  symbol,
  isMine,
}: {
  level: VipLevel;
  windowDays: number;
  symbol: string;
  isMine: boolean;
}) {
  const { t } = useTranslation();
  return (
    <li
      className={joinClassNames(
        'flex w-56 shrink-0 snap-start flex-col gap-3 rounded-lg border bg-surface p-4 md:w-auto',
        isMine ? 'border-accent ring-1 ring-accent/60' : 'border-line',
      )}
      data-testid="vip-level-card"
      data-rank={level.rank}
    >
      <div className="flex items-center gap-3">
        <LevelBadge level={level} size={44} />
        <div className="min-w-0">
          <p className="w-fit rounded-full bg-accent/15 px-2 py-0.5 text-xs font-bold text-accent-text">
            {level.label}
          </p>
          <p className="mt-0.5 truncate text-base font-semibold text-text">{level.name}</p>
        </div>
      </div>
      {isMine ? (
        <p className="w-fit rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-text">
          {t('vip.yourLevel')}
        </p>
      ) : null}
      <dl className="mt-auto flex flex-col gap-1.5 text-sm">
        <div>
          <dt className="text-xs text-muted">{t('vip.deposits')}</dt>
          <dd className="font-semibold text-text tabular">{formatMoney(level.deposit, symbol)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('vip.validBets')}</dt>
          <dd className="font-semibold text-text tabular">{formatMoney(level.validBet, symbol)}</dd>
        </div>
        <p className="text-xs text-muted">{t('vip.inWindow', { count: windowDays })}</p>
      </dl>
    </li>
  );
}

/** The benefits table on wider screens: a column per level, a row per benefit, grouped by kind. */
function BenefitsTable({
  levels,
  rows,
  myRank,
}: {
  levels: readonly VipLevel[];
  rows: readonly BenefitRow[];
  myRank: number | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full min-w-[640px] border-collapse text-sm" data-testid="vip-benefits-table">
        <caption className="sr-only">{t('vip.benefitsTitle')}</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="sticky left-0 bg-surface px-4 py-3 text-left font-medium text-muted">
              <span className="sr-only">{t('vip.benefit')}</span>
            </th>
            {levels.map((level) => (
              <th
                key={level.rank}
                scope="col"
                className={joinClassNames(
                  'px-3 py-3 text-center align-bottom',
                  level.rank === myRank && 'bg-accent/10',
                )}
              >
                <div className="flex flex-col items-center gap-1.5">
                  <LevelBadge level={level} size={36} />
                  <span className="text-xs font-bold text-accent-text">{level.label}</span>
                  <span className="font-semibold text-text">{level.name}</span>
                </div>
              </th>
            ))}
          </tr>
        </thead>
        {BENEFIT_SECTIONS.map((section) => {
          const sectionRows = rows.filter((row) => row.section === section);
          if (sectionRows.length === 0) return null;
          return (
            <tbody key={section}>
              <tr>
                <th
                  scope="colgroup"
                  colSpan={levels.length + 1}
                  className="bg-raised/60 px-4 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase"
                >
                  {t(`vip.sections.${section}`)}
                </th>
              </tr>
              {sectionRows.map((row) => (
                <tr key={row.id} className="border-b border-line last:border-b-0">
                  <th
                    scope="row"
                    className="sticky left-0 bg-surface px-4 py-2.5 text-left font-normal text-muted"
                  >
                    {row.label}
                  </th>
                  {row.values.map((value, index) => (
                    <td
                      // The values follow the levels' order, one per level.
                      key={levels[index]?.rank ?? index}
                      className={joinClassNames(
                        'px-3 py-2.5 text-center text-text tabular',
                        levels[index]?.rank === myRank && 'bg-accent/10 font-semibold',
                      )}
                    >
                      {value}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}

/** The benefits on a phone: one level at a time, chosen by its label. */
function BenefitsOfOneLevel({
  levels,
  rows,
  myRank,
}: {
  levels: readonly VipLevel[];
  rows: readonly BenefitRow[];
  myRank: number | null;
}) {
  const { t } = useTranslation();
  // Until the member picks one, the member's own level (known once their call answers), else the first.
  const [chosenRank, setChosenRank] = useState<number | null>(null);
  const shownRank = chosenRank ?? myRank;
  const index = Math.max(
    0,
    levels.findIndex((level) => level.rank === shownRank),
  );
  const level = levels[index];
  if (!level) return null;
  return (
    <div className="flex flex-col gap-3 md:hidden" data-testid="vip-benefits-phone">
      <Tabs
        label={t('vip.benefitsTitle')}
        variant="chips"
        className="px-4"
        items={levels.map((candidate) => ({ key: String(candidate.rank), label: candidate.label }))}
        value={String(level.rank)}
        onChange={(key) => setChosenRank(Number(key))}
      />
      <div className="flex items-center gap-3 px-4">
        <LevelBadge level={level} size={40} />
        <p className="font-semibold text-text">
          {level.label} · {level.name}
        </p>
      </div>
      {BENEFIT_SECTIONS.map((section) => {
        const sectionRows = rows.filter((row) => row.section === section);
        if (sectionRows.length === 0) return null;
        return (
          <section key={section} className="flex flex-col">
            <h4 className="bg-raised/60 px-4 py-2 text-xs font-semibold tracking-wide text-muted uppercase">
              {t(`vip.sections.${section}`)}
            </h4>
            <dl className="divide-y divide-line">
              {sectionRows.map((row) => (
                <div key={row.id} className="flex items-baseline justify-between gap-3 px-4 py-2.5 text-sm">
                  <dt className="text-muted">{row.label}</dt>
                  <dd className="text-right font-semibold text-text tabular">{row.values[index]}</dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
    </div>
  );
}

/** The programme (visitors too): the levels as cards, and their benefits side by side. */
export function VipProgrammeSection({
  programme,
  symbol,
  myRank,
}: {
  programme: VipProgramme;
  symbol: string;
  myRank: number | null;
}) {
  const { t } = useTranslation();
  const levels = levelsByRank(programme.levels);
  const rows = benefitRowsOf(levels, { windowDays: programme.windowDays, symbol, t });
  // A level that names no rate for a game type pays the site's standard rate for it.
  const hasStandardRate = rows.some(
    (row) => row.section === 'rebate' && row.values.includes(t('vip.standardRate')),
  );
  return (
    <>
      <section className="flex flex-col gap-3" aria-labelledby="vip-levels-title" data-testid="vip-levels">
        <div className="flex flex-col gap-1">
          <h2 id="vip-levels-title" className="text-base font-semibold text-text">
            {t('vip.levelsTitle')}
          </h2>
          <p className="text-sm text-muted">
            {t('vip.programmeLine', { count: programme.windowDays })}{' '}
            {t('vip.reviewLine', { day: programme.reviewDay })}
          </p>
        </div>
        {/* A row that scrolls sideways on a phone, a grid from tablets up. */}
        <ul className="scrollbar-none -mx-3 flex snap-x scroll-px-3 gap-3 overflow-x-auto px-3 md:mx-0 md:grid md:grid-cols-3 md:overflow-visible md:px-0 xl:grid-cols-5">
          {levels.map((level) => (
            <LevelCard
              key={level.rank}
              level={level}
              windowDays={programme.windowDays}
              symbol={symbol}
              isMine={level.rank === myRank}
            />
          ))}
        </ul>
      </section>
      <Panel className="flex flex-col overflow-hidden pb-2 md:pb-0">
        <h2 className="border-b border-line px-4 py-3 text-base font-semibold">{t('vip.benefitsTitle')}</h2>
        <BenefitsTable levels={levels} rows={rows} myRank={myRank} />
        <BenefitsOfOneLevel levels={levels} rows={rows} myRank={myRank} />
        {hasStandardRate ? <p className="px-4 py-3 text-xs text-muted">{t('vip.standardRateLine')}</p> : null}
      </Panel>
    </>
  );
}
