import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronRight, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { SearchField } from '../../../components/ui/search-field';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { type TabItem, Tabs } from '../../../components/ui/tabs';
import { dateTimeFormatOf, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { usePermission } from '../../../lib/system/system-hooks';
import { type Downline, downlinePageSize, fetchDownlines, fetchUplineChain } from '../api/agent';
import { downlineStatusOf, isAgentKind, memberKindOf } from '../downline-words';

type Scope = 'direct' | 'all';

/** The address keeps the member whose team is open, so the browser's back button climbs back up. */
const PARENT_PARAMETER = 'parent';

/**
 * downlineManagmentView (spec §2): my direct or all downlines (search by account, level, type,
 * last login, status, team size, and their balance where the merchant lets agents see it), and the
 * team of any agent in it, with the way back up as a breadcrumb. Accounts come masked from the
 * server.
 */
export function DownlinesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const parentId = searchParams.get(PARENT_PARAMETER) ?? undefined;
  const [scope, setScope] = useState<Scope>('direct');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const downlines = useQuery({
    queryKey: ['agentDownlines', language, parentId ?? null, scope, search, pageNo],
    queryFn: ({ signal }) => fetchDownlines({ parentId, scope, search, pageNo }, language, signal),
    placeholderData: keepPreviousData,
  });
  const scopes: TabItem<Scope>[] = [
    { key: 'direct', label: t('agent.downlines.direct') },
    { key: 'all', label: t('agent.downlines.all') },
  ];

  /** Opens a member's team (or mine, with no id) from its first page, as its direct downlines. */
  function openTeam(memberId: string | undefined) {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (memberId) next.set(PARENT_PARAMETER, memberId);
      else next.delete(PARENT_PARAMETER);
      return next;
    });
    setScope('direct');
    setSearchText('');
    setSearch('');
    setPageNo(1);
  }

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    setSearch(searchText.trim());
    setPageNo(1);
  }

  return (
    <div className="flex flex-col gap-3 p-4" data-testid="downlines-page">
      {parentId ? <TeamBreadcrumb memberId={parentId} onOpen={openTeam} /> : null}
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <Tabs
          label={t('pages.agentPages.downlineManagmentView')}
          items={scopes}
          value={scope}
          onChange={(next) => {
            setScope(next);
            setPageNo(1);
          }}
        />
        <form onSubmit={submitSearch} className="flex gap-2">
          <SearchField
            label={t('agent.downlines.search')}
            value={searchText}
            onValueChange={setSearchText}
            className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-md border border-line bg-surface px-3 md:w-64"
            testId="downline-search"
          />
          <Button type="submit" variant="secondary">
            {t('agent.downlines.searchButton')}
          </Button>
        </form>
      </div>
      {downlines.isPending ? (
        <div data-testid="downlines-loading">
          <SkeletonLines lines={6} />
        </div>
      ) : downlines.isError ? (
        <ErrorState onRetry={() => void downlines.refetch()} />
      ) : downlines.data.list.length === 0 ? (
        <EmptyState
          line={search ? t('agent.downlines.noMatch') : t('agent.downlines.empty')}
          icon={<Users size={26} aria-hidden="true" />}
        />
      ) : (
        <>
          <p className="text-xs text-muted" data-testid="downline-total">
            {t('agent.downlines.total', { count: downlines.data.total })}
          </p>
          <DownlineList
            list={downlines.data.list}
            showsBalances={downlines.data.showsBalances}
            onOpenTeam={openTeam}
          />
          <Pagination
            current={pageNo}
            total={Math.ceil(downlines.data.total / downlinePageSize)}
            onChange={setPageNo}
          />
        </>
      )}
    </div>
  );
}

/** Me › … › the member whose team is open; each step but the last opens its team. */
function TeamBreadcrumb({
  memberId,
  onOpen,
}: {
  memberId: string;
  onOpen: (memberId: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const chain = useQuery({
    queryKey: ['agentUplineChain', language, memberId],
    queryFn: ({ signal }) => fetchUplineChain(memberId, language, signal),
  });
  if (chain.isError) return <ErrorState isCompact onRetry={() => void chain.refetch()} />;
  // The chain runs from me to the open member; my own step reads "My team".
  const steps = chain.data ?? [];
  return (
    <nav aria-label={t('agent.downlines.path')} data-testid="downline-breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {steps.length === 0 ? (
          <li className="h-5 w-40 animate-pulse rounded bg-raised" />
        ) : (
          steps.map((step, index) => {
            const isLast = index === steps.length - 1;
            const label = index === 0 ? t('agent.downlines.myTeam') : step.account;
            return (
              <li key={step.id} className="flex items-center gap-1">
                {index > 0 ? <ChevronRight size={14} aria-hidden="true" className="text-muted" /> : null}
                {isLast ? (
                  <span aria-current="page" className="font-semibold text-text">
                    {label}
                  </span>
                ) : (
                  <button
                    type="button"
                    className="min-h-11 font-medium text-brand-strong hover:underline"
                    onClick={() => onOpen(index === 0 ? undefined : step.id)}
                  >
                    {label}
                  </button>
                )}
              </li>
            );
          })
        )}
      </ol>
    </nav>
  );
}

/**
 * The downlines as cards on a phone and as a table from a tablet up; the balance only where the
 * merchant lets agents see it (the server then sends it).
 */
function DownlineList({
  list,
  showsBalances,
  onOpenTeam,
}: {
  list: Downline[];
  showsBalances: boolean;
  onOpenTeam: (memberId: string) => void;
}) {
  const { t } = useTranslation();
  const format = dateTimeFormatOf(useLanguage());
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  const balanceOf = (downline: Downline) =>
    downline.balance === null ? '' : formatMoney(downline.balance, symbol);
  const lastLoginOf = (downline: Downline) =>
    downline.lastLoginAt ? format.format(new Date(downline.lastLoginAt)) : t('agent.downlines.never');
  const statusOf = (downline: Downline) => {
    const { key, tone } = downlineStatusOf(downline.status);
    return <StatusBadge tone={tone}>{t(`agent.statuses.${key}`)}</StatusBadge>;
  };
  const teamButton = (downline: Downline) =>
    isAgentKind(downline.type) ? (
      <Button
        size="sm"
        variant="ghost"
        onClick={() => onOpenTeam(downline.id)}
        data-testid="downline-open-team"
      >
        {t('agent.downlines.openTeam')}
      </Button>
    ) : null;
  return (
    <>
      <ul className="flex flex-col gap-2 md:hidden">
        {list.map((downline) => (
          <li key={downline.id} className="rounded-lg border border-line px-3 py-2.5" data-testid="downline">
            <div className="flex items-center gap-2">
              <p className="min-w-0 flex-1 truncate font-semibold text-text">{downline.account}</p>
              {statusOf(downline)}
            </div>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5 text-xs">
              <div className="flex justify-between gap-2">
                <dt className="text-muted">{t('agent.downlines.type')}</dt>
                <dd className="text-text">{t(`agent.kinds.${memberKindOf(downline.type)}`)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-muted">{t('agent.downlines.level')}</dt>
                <dd className="tabular text-text" data-testid="downline-level">
                  {downline.level}
                </dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-muted">{t('agent.downlines.teamSize')}</dt>
                <dd className="tabular text-text">{downline.teamSize}</dd>
              </div>
              {showsBalances ? (
                <div className="flex justify-between gap-2">
                  <dt className="text-muted">{t('agent.downlines.balance')}</dt>
                  <dd className="tabular text-text" data-testid="downline-balance">
                    {balanceOf(downline)}
                  </dd>
                </div>
              ) : null}
              <div className="col-span-2 flex justify-between gap-2">
                <dt className="text-muted">{t('agent.downlines.lastLogin')}</dt>
                <dd className="text-text">{lastLoginOf(downline)}</dd>
              </div>
            </dl>
            {isAgentKind(downline.type) ? <div className="mt-1 -mb-1">{teamButton(downline)}</div> : null}
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-sm md:table" data-testid="downline-table">
        <thead>
          <tr className="border-b border-line text-left text-xs text-muted">
            <th className="py-2 pr-3 font-medium">{t('agent.downlines.account')}</th>
            <th className="py-2 pr-3 font-medium">{t('agent.downlines.type')}</th>
            <th className="py-2 pr-3 text-right font-medium">{t('agent.downlines.level')}</th>
            <th className="py-2 pr-3 font-medium">{t('agent.downlines.lastLogin')}</th>
            <th className="py-2 pr-3 font-medium">{t('agent.downlines.status')}</th>
            <th className="py-2 pr-3 text-right font-medium">{t('agent.downlines.teamSize')}</th>
            {showsBalances ? (
              <th className="py-2 pr-3 text-right font-medium">{t('agent.downlines.balance')}</th>
            ) : null}
            <th className="py-2 font-medium">
              <span className="sr-only">{t('agent.downlines.openTeam')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {list.map((downline) => (
            <tr key={downline.id} data-testid="downline">
              <td className="py-2.5 pr-3 font-medium text-text">{downline.account}</td>
              <td className="py-2.5 pr-3 text-text">{t(`agent.kinds.${memberKindOf(downline.type)}`)}</td>
              <td className="py-2.5 pr-3 text-right tabular text-text" data-testid="downline-level">
                {downline.level}
              </td>
              <td className="py-2.5 pr-3 text-text">{lastLoginOf(downline)}</td>
              <td className="py-2.5 pr-3">{statusOf(downline)}</td>
              <td className="py-2.5 pr-3 text-right tabular text-text">{downline.teamSize}</td>
              {showsBalances ? (
                <td className="py-2.5 pr-3 text-right tabular text-text" data-testid="downline-balance">
                  {balanceOf(downline)}
                </td>
              ) : null}
              <td className="py-1 text-right">{teamButton(downline)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
