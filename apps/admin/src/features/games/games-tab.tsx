import { Flame, Search } from 'lucide-react';
import { useState } from 'react';
import { FilterSelect } from '../../components/choice-select.tsx';
import { CodeName } from '../../components/code-name.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable } from '../../components/query-table.tsx';
import { GAME_TYPE_LABELS, labelOfCode } from '../../lib/labels.ts';
import { GameEditor } from './game-editor.tsx';
import {
  type BulkAction,
  type Game,
  type GameFilter,
  type GameStatus,
  useBulkGames,
  useClassifyGroups,
  useGameChange,
  useGames,
  useVendors,
} from './games-api.ts';
import { failureOf, type TabProps } from './notice.ts';
import { STATUS_LABELS, StatusChip } from './status-chip.tsx';

const GAME_STATUSES: readonly GameStatus[] = ['active', 'maintenance', 'hidden'];
const BULK_ACTIONS: readonly (readonly [BulkAction, string])[] = [
  ['enable', 'Enable'],
  ['maintenance', 'Maintenance'],
  ['hide', 'Hide'],
  ['hotOn', 'Mark hot'],
  ['hotOff', 'Unmark hot'],
];
const EMPTY_FILTER: GameFilter = {
  search: '',
  vendorId: '',
  gameType: '',
  status: '',
  classify: '',
  page: 1,
};

/** The game's name as the table shows it: English, else Tagalog, else its code. */
export const nameOf = (game: Game) => game.names.EN || game.names.TY || game.gameCode;

/** The merchant's games: search and filters, paging, inline status and hot flag, bulk bar, editor. */
export function GamesTab(props: TabProps) {
  const [filter, setFilter] = useState<GameFilter>(EMPTY_FILTER);
  const [searchText, setSearchText] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Game | null>(null);
  const games = useGames(props.merchantId, filter);
  const vendors = useVendors(props.merchantId);
  const groups = useClassifyGroups(props.merchantId);
  const change = useGameChange();
  const bulk = useBulkGames();
  const rows = games.data?.list ?? [];
  const allSelected = rows.length > 0 && rows.every((game) => selected.has(game.id));

  function applyFilter(patch: Partial<GameFilter>) {
    setFilter((current) => ({ ...current, ...patch, page: patch.page ?? 1 }));
    if (patch.page === undefined) setSelected(new Set());
  }

  async function changeGame(
    game: Game,
    patch: Parameters<typeof change.mutateAsync>[0]['change'],
    title: string,
  ) {
    props.onNotice(null);
    try {
      await change.mutateAsync({ id: game.id, change: patch });
      props.onNotice({ tone: 'success', title });
    } catch (error) {
      props.onNotice(failureOf(error));
    }
  }

  async function runBulk(action: BulkAction, label: string) {
    props.onNotice(null);
    try {
      const result = await bulk.mutateAsync({ merchantId: props.merchantId, ids: [...selected], action });
      props.onNotice({
        tone: 'success',
        title: `${label}: ${result.changed} of ${selected.size} selected ${selected.size === 1 ? 'game' : 'games'} changed.`,
      });
      setSelected(new Set());
    } catch (error) {
      props.onNotice(failureOf(error));
    }
  }

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <>
      <form
        className="filters"
        aria-label="Game filters"
        onSubmit={(event) => {
          event.preventDefault();
          applyFilter({ search: searchText.trim() });
        }}
      >
        <label className="field games-filters__search">
          <span className="field__label">Search</span>
          <span className="toolbar__search">
            <Search size={16} aria-hidden="true" />
            <input
              type="search"
              value={searchText}
              maxLength={60}
              placeholder="Name in any language, or code"
              onChange={(event) => setSearchText(event.target.value)}
            />
          </span>
        </label>
        <FilterSelect
          label="Vendor"
          anyLabel="All vendors"
          value={filter.vendorId}
          choices={(vendors.data ?? []).map(
            (vendor) => [vendor.id, `${vendor.name} (${vendor.vassalage})`] as const,
          )}
          onChange={(vendorId) => applyFilter({ vendorId })}
        />
        <FilterSelect
          label="Type"
          anyLabel="All types"
          value={filter.gameType}
          choices={(games.data?.gameTypes ?? []).map(
            (type) => [type, labelOfCode(GAME_TYPE_LABELS, type)] as const,
          )}
          onChange={(gameType) => applyFilter({ gameType })}
        />
        <FilterSelect
          label="Status"
          anyLabel="Any status"
          value={filter.status}
          choices={GAME_STATUSES.map((status) => [status, STATUS_LABELS[status] ?? status] as const)}
          onChange={(status) => applyFilter({ status })}
        />
        <FilterSelect
          label="Category"
          anyLabel="Any category"
          value={filter.classify}
          choices={(groups.data ?? []).map((group) => [group.key, group.names.EN ?? group.key] as const)}
          onChange={(classify) => applyFilter({ classify })}
        />
        <div className="filters__actions">
          <button className="button button--primary button--small" type="submit">
            Search
          </button>
          <button
            className="button button--quiet button--small"
            type="button"
            onClick={() => {
              setSearchText('');
              applyFilter(EMPTY_FILTER);
            }}
          >
            Clear
          </button>
        </div>
      </form>

      {props.canWrite && selected.size > 0 && (
        <section className="bulk-bar" aria-label="Bulk actions">
          <strong>
            {selected.size} {selected.size === 1 ? 'game' : 'games'} selected
          </strong>
          {BULK_ACTIONS.map(([action, label]) => (
            <button
              key={action}
              type="button"
              className="button button--quiet button--small"
              disabled={bulk.isPending}
              onClick={() => void runBulk(action, label)}
            >
              {label}
            </button>
          ))}
          <span className="toolbar__spacer" />
          <button
            className="button button--quiet button--small"
            type="button"
            onClick={() => setSelected(new Set())}
          >
            Clear selection
          </button>
        </section>
      )}

      <QueryTable
        query={games}
        rows={rows}
        className="table games-table"
        testId="games-table"
        headings={[
          props.canWrite && {
            className: 'games-table__check',
            label: (
              <input
                type="checkbox"
                aria-label="Select every game on this page"
                checked={allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((game) => game.id)))}
              />
            ),
          },
          'Game',
          'Vendor',
          'Type',
          'Status',
          'Hot',
          numberHeading('Order'),
          'Actions',
        ]}
        renderRow={(game) => (
          <tr data-testid={`game-row-${game.nodeId}`}>
            {props.canWrite && (
              <td className="games-table__check">
                <input
                  type="checkbox"
                  aria-label={`Select ${nameOf(game)}`}
                  checked={selected.has(game.id)}
                  onChange={() => toggle(game.id)}
                />
              </td>
            )}
            <td>
              <div className="game-cell">
                {game.iconUrl ? (
                  <img className="game-icon" src={game.iconUrl} alt="" loading="lazy" />
                ) : (
                  <span className="game-icon game-icon--empty" aria-hidden="true" />
                )}
                <div className="game-cell__text">
                  <strong>{nameOf(game)}</strong>
                  <span className="muted small">
                    {game.names.TY && game.names.TY !== game.names.EN ? `${game.names.TY} · ` : ''}
                    <span className="mono">{game.gameCode}</span>
                  </span>
                </div>
              </div>
            </td>
            <td>{game.vendorName}</td>
            <td>
              <CodeName labels={GAME_TYPE_LABELS} code={game.gameType} showsCode />
              {game.classify && <span className="badge">{game.classify}</span>}
            </td>
            <td>
              <StatusChip
                label={`Status of ${nameOf(game)}`}
                value={game.status}
                options={GAME_STATUSES}
                canWrite={props.canWrite}
                isBusy={change.isPending}
                onChange={(status) =>
                  void changeGame(game, { status }, `${nameOf(game)}: ${STATUS_LABELS[status]}.`)
                }
              />
            </td>
            <td>
              <button
                type="button"
                className={`hot-toggle${game.isHot ? ' hot-toggle--on' : ''}`}
                aria-pressed={game.isHot}
                aria-label={`Hot: ${nameOf(game)}`}
                disabled={!props.canWrite || change.isPending}
                onClick={() =>
                  void changeGame(
                    game,
                    { isHot: !game.isHot },
                    `${nameOf(game)} is ${game.isHot ? 'no longer' : 'now'} hot.`,
                  )
                }
              >
                <Flame size={14} aria-hidden="true" />
                {game.isHot ? 'Hot' : 'No'}
              </button>
            </td>
            <td className="number">{game.sortOrder}</td>
            <td>
              <button
                className="button button--quiet button--small"
                type="button"
                onClick={() => setEditing(game)}
              >
                {props.canWrite ? 'Edit' : 'View'}
              </button>
            </td>
          </tr>
        )}
        empty={
          <EmptyState title="No games match these filters.">
            Clear the filters, or add a vendor's catalogue to see games here.
          </EmptyState>
        }
        paging={{ page: filter.page, onPage: (page) => applyFilter({ page }), found: games.data }}
      />
      {editing && (
        <GameEditor
          key={editing.id}
          game={editing}
          groups={groups.data ?? []}
          canWrite={props.canWrite}
          onClose={() => setEditing(null)}
          onSaved={(game, title) => {
            setEditing(null);
            props.onNotice({ tone: 'success', title: `${nameOf(game)}: ${title}` });
          }}
        />
      )}
    </>
  );
}
