import { type FormEvent, useState } from 'react';
import { ChoiceChips } from '../../components/choice-chips.tsx';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { Check, Field, fieldErrorsOf, LocalizedFields } from '../../components/editor-fields.tsx';
import {
  type MerchantScope,
  MerchantTabsHeader,
  useMerchantTabs,
} from '../../components/merchant-picker.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable, TableHead, usePagedFilter } from '../../components/query-table.tsx';
import {
  DEFAULT_REPORT_RANGE,
  type ReportRange,
  ReportRangeChooser,
  rangeWordsOf,
} from '../../components/report-range.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { formatDateTime } from '../../lib/format.ts';
import {
  AGENT_CONTRACT_KIND_LABELS,
  GAME_TYPE_LABELS,
  labelOfCode,
  MEMBER_STATUS_LABELS,
  MEMBER_TYPE_LABELS,
} from '../../lib/labels.ts';
import { AgentFileButton } from './agent-file-button.tsx';
import { agentTypeNameOf, CONTRACT_KINDS, isInvitationCode } from './agent-names.ts';
import { type AgentPlacement, AgentPlacementFields } from './agent-placement-fields.tsx';
import { GameTypePnlReport, MemberPnlReport, OverviewReport } from './agent-reports.tsx';
import {
  type AgentType,
  type ContractKind,
  findMemberByAccount,
  type TeamFigures,
  useAgentSummary,
  useAgents,
  useAgentTree,
  useAgentTypes,
  useMakeAgent,
  useMoveUpline,
  useSaveAgentType,
} from './agents-api.ts';
import { ApplicationsTab } from './applications-tab.tsx';
import { RollupRebuildPanel } from './rollup-rebuild-panel.tsx';

type Tab = 'agents' | 'applications' | 'make' | 'move' | 'types' | 'rebuild';

const TABS: readonly (readonly [Tab, string])[] = [
  ['agents', 'Agents and their teams'],
  ['applications', 'Applications'],
  ['make', 'Make an agent'],
  ['move', 'Move to another upline'],
  ['types', 'Agent types'],
  ['rebuild', 'Rebuild figures'],
];

/** The views of one agent: its place and downlines, and its own reports as it sees them. */
type AgentView = 'team' | 'overview' | 'members' | 'gameTypes';

const AGENT_VIEWS: readonly (readonly [AgentView, string])[] = [
  ['team', 'Team and downlines'],
  ['overview', 'Overview'],
  ['members', 'P&L by member'],
  ['gameTypes', 'P&L by game type'],
];

/**
 * Agents: every agent with its team and figures (drilling down the tree) and its own reports,
 * making a player an agent, moving a member to another upline, what each agent type may do, and
 * rebuilding the agents' figures (settings.write).
 */
export function AgentsPage(props: MerchantScope & { canWrite: boolean; canEditTypes: boolean }) {
  const page = useMerchantTabs<Tab>(props, 'agents');
  const types = useAgentTypes(page.merchantId);
  const typeList = types.data?.list ?? [];
  const tabs = TABS.filter(([id]) => {
    if (id === 'rebuild') return props.canEditTypes;
    return props.canWrite || id === 'agents' || id === 'applications' || id === 'types';
  });
  return (
    <div className="page">
      <MerchantTabsHeader scope={props} label="Agents views" tabs={tabs} page={page} />
      {types.isError && <ErrorState error={types.error} onRetry={() => void types.refetch()} />}
      {page.tab === 'agents' && (
        <AgentList key={page.merchantId} merchantId={page.merchantId} types={typeList} />
      )}
      {page.tab === 'applications' && (
        <ApplicationsTab
          key={page.merchantId}
          merchantId={page.merchantId}
          types={typeList}
          canWrite={props.canWrite}
        />
      )}
      {page.tab === 'make' && props.canWrite && (
        <MakeAgentForm merchantId={page.merchantId} types={typeList} />
      )}
      {page.tab === 'move' && props.canWrite && <MoveUplineForm merchantId={page.merchantId} />}
      {page.tab === 'types' && (
        <AgentTypesEditor merchantId={page.merchantId} types={typeList} canWrite={props.canEditTypes} />
      )}
      {page.tab === 'rebuild' && props.canEditTypes && <RollupRebuildPanel merchantId={page.merchantId} />}
    </div>
  );
}

function AgentList(props: { merchantId: string; types: readonly AgentType[] }) {
  const search = usePagedFilter('');
  const [openId, setOpenId] = useState<string | null>(null);
  const agents = useAgents({ merchantId: props.merchantId, search: search.filter, page: search.page });
  if (openId) return <AgentTree rootId={openId} types={props.types} onClose={() => setOpenId(null)} />;
  return (
    <>
      <div className="toolbar">
        <AccountSearch label="Search agents" search={search} />
        <span className="toolbar__spacer" />
        <AgentFileButton
          file={{ kind: 'agents', merchantId: props.merchantId, search: search.filter }}
          isDisabled={agents.data?.total === 0}
        />
      </div>
      <QueryTable
        query={agents}
        rows={agents.data?.list ?? []}
        headings={['Account', 'Type', 'Upline', 'Invitation code', numberHeading('Team'), 'Status', 'Since']}
        renderRow={(row) => (
          <tr>
            <td>
              <button
                className="button button--quiet button--small"
                type="button"
                onClick={() => setOpenId(row.id)}
              >
                {row.account}
              </button>
            </td>
            <td>{agentTypeNameOf(props.types, row.type)}</td>
            <td>{row.uplineAccount ?? '—'}</td>
            <td className="mono">{row.invitationCode ?? '—'}</td>
            <td className="number">{row.teamSize}</td>
            <td>{labelOfCode(MEMBER_STATUS_LABELS, row.status)}</td>
            <td className="small nowrap">{formatDateTime(row.createdAt)}</td>
          </tr>
        )}
        empty={<EmptyState title="No agents match." />}
        paging={{ page: search.page, onPage: search.setPage, found: agents.data }}
      />
    </>
  );
}

/** One agent's place in the tree, its team figures, and its downlines to drill into. */
function AgentTree(props: { rootId: string; types: readonly AgentType[]; onClose: () => void }) {
  const [id, setId] = useState(props.rootId);
  const [range, setRange] = useState<ReportRange>(DEFAULT_REPORT_RANGE);
  const [view, setView] = useState<AgentView>('team');
  const [scope, setScope] = useState<'direct' | 'all'>('direct');
  const search = usePagedFilter('');
  const summary = useAgentSummary(id, range);

  function open(next: string) {
    setId(next);
    search.choose('');
  }

  return (
    <section aria-label="Agent tree">
      <div className="toolbar">
        <button className="button button--quiet button--small" type="button" onClick={props.onClose}>
          ← All agents
        </button>
        <nav aria-label="Upline chain" className="chips">
          {(summary.data?.chain ?? []).map((member) => (
            <button
              key={member.id}
              type="button"
              className={`button button--small ${member.id === id ? 'button--primary' : 'button--quiet'}`}
              aria-current={member.id === id ? 'page' : undefined}
              onClick={() => open(member.id)}
            >
              {member.account}
            </button>
          ))}
        </nav>
      </div>
      <ReportRangeChooser value={range} onChange={setRange} />
      <ChoiceChips label="Agent views" choices={AGENT_VIEWS} value={view} onChange={setView} isLarge />
      {view === 'overview' && <OverviewReport agentId={id} range={range} />}
      {view === 'members' && <MemberPnlReport agentId={id} range={range} types={props.types} />}
      {view === 'gameTypes' && <GameTypePnlReport agentId={id} range={range} />}
      {view === 'team' && (
        <AgentTeam
          id={id}
          range={range}
          types={props.types}
          summary={summary}
          scope={scope}
          onScope={(next) => {
            setScope(next);
            search.choose('');
          }}
          search={search}
          onOpen={open}
        />
      )}
    </section>
  );
}

/** An agent's place, team figures, upline moves and a page of its downlines to drill into. */
function AgentTeam(props: {
  id: string;
  range: ReportRange;
  types: readonly AgentType[];
  summary: ReturnType<typeof useAgentSummary>;
  scope: 'direct' | 'all';
  onScope: (scope: 'direct' | 'all') => void;
  search: ReturnType<typeof usePagedFilter<string>>;
  onOpen: (id: string) => void;
}) {
  const { summary, search, range, scope } = props;
  const tree = useAgentTree(props.id, { scope, search: search.filter, page: search.page, range });
  return (
    <>
      {summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
      ) : summary.data ? (
        <>
          <p className="muted small">
            {summary.data.member.account} · {agentTypeNameOf(props.types, summary.data.member.type)} ·
            invitation code {summary.data.member.invitationCode ?? '—'}. {rangeWordsOf(range)}.{' '}
            {summary.data.rebuiltAt
              ? `Figures as of ${formatDateTime(summary.data.rebuiltAt)}, at most a minute behind the bets.`
              : 'Figures not counted yet: they follow the bets within a minute.'}
          </p>
          <FigureTiles figures={summary.data.figures} />
          {summary.data.byGameType.length > 0 && (
            <table className="table">
              <TableHead
                headings={[
                  'Game type',
                  numberHeading('Bets'),
                  numberHeading('Stake'),
                  numberHeading('Valid bet'),
                  numberHeading('Payout'),
                  numberHeading('GGR'),
                ]}
              />
              <tbody>
                {summary.data.byGameType.map((row) => (
                  <tr key={row.gameType}>
                    <td>{labelOfCode(GAME_TYPE_LABELS, row.gameType)}</td>
                    <FigureCells figures={row} />
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {summary.data.moves.length > 0 && (
            <>
              <h3>Upline moves</h3>
              <table className="table">
                <TableHead headings={['At', 'From', 'To', 'By', 'Reason']} />
                <tbody>
                  {summary.data.moves.map((move) => (
                    <tr key={move.id}>
                      <td className="small nowrap">{formatDateTime(move.movedAt)}</td>
                      <td>{move.fromAccount ?? 'None: a top agent'}</td>
                      <td>{move.toAccount ?? 'None: a top agent'}</td>
                      <td>{move.operator ?? '—'}</td>
                      <td>{move.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </>
      ) : (
        <p className="muted">Loading the agent…</p>
      )}
      <h3>Downlines</h3>
      <div className="toolbar">
        <ChoiceChips
          label="Which downlines"
          choices={[
            ['direct', 'Direct'],
            ['all', 'All levels'],
          ]}
          value={scope}
          onChange={props.onScope}
        />
        <AccountSearch label="Search downlines" search={search} />
        <span className="toolbar__spacer" />
        <AgentFileButton
          file={{ kind: 'tree', agentId: props.id, range, scope, search: search.filter }}
          isDisabled={tree.data?.total === 0}
        />
      </div>
      <QueryTable
        query={tree}
        rows={tree.data?.list ?? []}
        headings={[
          'Account',
          'Type',
          numberHeading('Level'),
          numberHeading('Team'),
          'Last sign-in',
          numberHeading('Bets'),
          numberHeading('Stake'),
          numberHeading('Valid bet'),
          numberHeading('Payout'),
          numberHeading('GGR'),
        ]}
        renderRow={(row) => (
          <tr>
            <td>
              {row.teamSize > 0 ? (
                <button
                  className="button button--quiet button--small"
                  type="button"
                  onClick={() => props.onOpen(row.id)}
                >
                  {row.account}
                </button>
              ) : (
                row.account
              )}
            </td>
            <td>
              {row.type === 0 ? labelOfCode(MEMBER_TYPE_LABELS, 0) : agentTypeNameOf(props.types, row.type)}
            </td>
            <td className="number">{row.level}</td>
            <td className="number">{row.teamSize}</td>
            <td className="small nowrap">{formatDateTime(row.lastLoginAt, 'Never')}</td>
            {row.figures ? (
              <FigureCells figures={row.figures} />
            ) : (
              <td colSpan={5} className="muted small">
                A player: no team of their own.
              </td>
            )}
          </tr>
        )}
        empty={<EmptyState title={search.filter ? 'No downlines match.' : 'No downlines yet.'} />}
        paging={{ page: search.page, onPage: search.setPage, found: tree.data }}
      />
    </>
  );
}

/** A list's search by account name (the server matches any part of it, in any case). */
function AccountSearch(props: { label: string; search: ReturnType<typeof usePagedFilter<string>> }) {
  return (
    <SearchBox
      label={props.label}
      placeholder="Account"
      maxLength={64}
      value={props.search.filter}
      onChange={props.search.choose}
    />
  );
}

function FigureTiles({ figures }: { figures: TeamFigures }) {
  const tiles: [string, string][] = [
    ['Bets', String(figures.betCount)],
    ['Stake', figures.stake],
    ['Valid bet', figures.validBet],
    ['Payout', figures.payout],
    ['GGR', figures.ggr],
  ];
  return (
    <ul className="tiles" aria-label="Team figures">
      {tiles.map(([label, value]) => (
        <li key={label} className="tile">
          <span className="tile__label">{label}</span>
          <strong className="tile__value mono">{value}</strong>
        </li>
      ))}
    </ul>
  );
}

function FigureCells({ figures }: { figures: TeamFigures }) {
  return (
    <>
      <td className="number">{figures.betCount}</td>
      <td className="number mono">{figures.stake}</td>
      <td className="number mono">{figures.validBet}</td>
      <td className="number mono">{figures.payout}</td>
      <td className="number mono">{figures.ggr}</td>
    </>
  );
}

/** Looks an account up, or says why it cannot be used. */
async function lookUp(merchantId: string, account: string, what: string) {
  const found = await findMemberByAccount(merchantId, account);
  if (!found) throw new Error(`No ${what} with the account ${account.trim()}.`);
  return found;
}

const EMPTY_PLACEMENT: AgentPlacement = { type: 1, uplineAccount: '', invitationCode: '' };

function MakeAgentForm(props: { merchantId: string; types: readonly AgentType[] }) {
  const make = useMakeAgent();
  const confirm = useConfirmedAction();
  const [account, setAccount] = useState('');
  const [placement, setPlacement] = useState<AgentPlacement>(EMPTY_PLACEMENT);
  const { type, uplineAccount, invitationCode } = placement;
  const [lookupError, setLookupError] = useState<string | null>(null);
  const errors = fieldErrorsOf(make.error);
  const isReady = account.trim() !== '' && isInvitationCode(invitationCode);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setLookupError(null);
    try {
      const member = await lookUp(props.merchantId, account, 'player');
      const upline = uplineAccount.trim() ? await lookUp(props.merchantId, uplineAccount, 'member') : null;
      const typeName = agentTypeNameOf(props.types, type);
      confirm.ask({
        title: `Make ${member.account} an agent?`,
        confirmLabel: 'Make agent',
        tone: 'primary',
        facts: [
          ['Player', member.account],
          ['Type', typeName],
          ['Upline', upline ? upline.account : 'None: a top agent'],
          ['Invitation code', invitationCode],
        ],
        run: async () => {
          await make.mutateAsync({ id: member.id, type, uplineId: upline?.id ?? null, invitationCode });
          setAccount('');
          setPlacement(EMPTY_PLACEMENT);
        },
        doneText: `${member.account} is now an agent (${typeName}).`,
      });
    } catch (error) {
      setLookupError((error as Error).message);
    }
  }

  return (
    <form className="form-grid panel" onSubmit={submit} aria-label="Make an agent">
      {confirm.element}
      <Field label="Player account" name="account" errors={{}}>
        <input required maxLength={64} value={account} onChange={(event) => setAccount(event.target.value)} />
      </Field>
      <AgentPlacementFields
        types={props.types}
        value={placement}
        onChange={setPlacement}
        errors={errors}
        typeFieldName="type"
      />
      {lookupError && (
        <p className="alert alert--danger" role="alert">
          {lookupError}
        </p>
      )}
      <div className="form-grid__actions">
        <button className="button button--primary" type="submit" disabled={!isReady || confirm.isSending}>
          Make agent…
        </button>
      </div>
    </form>
  );
}

function MoveUplineForm(props: { merchantId: string }) {
  const move = useMoveUpline();
  const confirm = useConfirmedAction();
  const [account, setAccount] = useState('');
  const [uplineAccount, setUplineAccount] = useState('');
  const [reason, setReason] = useState('');
  const [lookupError, setLookupError] = useState<string | null>(null);
  const isReady = account.trim() !== '' && uplineAccount.trim() !== '' && reason.trim() !== '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setLookupError(null);
    try {
      const member = await lookUp(props.merchantId, account, 'member');
      const upline = await lookUp(props.merchantId, uplineAccount, 'agent');
      confirm.ask({
        title: `Move ${member.account} under ${upline.account}?`,
        confirmLabel: 'Move',
        tone: 'danger',
        facts: [
          ['Member', member.account],
          ['New upline', upline.account],
          ['Effect', "The member's whole team moves too; bets from now on count for the new upline."],
          ['Reason', reason.trim()],
        ],
        run: async () => {
          await move.mutateAsync({ id: member.id, uplineId: upline.id, reason: reason.trim() });
          setAccount('');
          setUplineAccount('');
          setReason('');
        },
        doneText: `${member.account} is now under ${upline.account}.`,
      });
    } catch (error) {
      setLookupError((error as Error).message);
    }
  }

  return (
    <form className="form-grid panel" onSubmit={submit} aria-label="Move to another upline">
      {confirm.element}
      <Field label="Member account" name="account" errors={{}}>
        <input required maxLength={64} value={account} onChange={(event) => setAccount(event.target.value)} />
      </Field>
      <Field label="New upline agent account" name="uplineId" errors={{}}>
        <input
          required
          maxLength={64}
          value={uplineAccount}
          onChange={(event) => setUplineAccount(event.target.value)}
        />
      </Field>
      <Field label="Reason" name="reason" errors={{}} hint="Kept with the move in the audit log.">
        <input required maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
      </Field>
      {lookupError && (
        <p className="alert alert--danger" role="alert">
          {lookupError}
        </p>
      )}
      <div className="form-grid__actions">
        <button className="button button--primary" type="submit" disabled={!isReady || confirm.isSending}>
          Move…
        </button>
      </div>
    </form>
  );
}

function AgentTypesEditor(props: { merchantId: string; types: readonly AgentType[]; canWrite: boolean }) {
  if (props.types.length === 0) return <p className="muted">Loading the agent types…</p>;
  return (
    <div className="page">
      {props.types.map((type) => (
        <AgentTypeForm
          key={`${props.merchantId}-${type.type}`}
          merchantId={props.merchantId}
          type={type}
          canWrite={props.canWrite}
        />
      ))}
    </div>
  );
}

function AgentTypeForm(props: { merchantId: string; type: AgentType; canWrite: boolean }) {
  const save = useSaveAgentType();
  const [names, setNames] = useState<Record<string, string>>(props.type.names);
  const [mayRegisterSubagents, setMayRegisterSubagents] = useState(props.type.mayRegisterSubagents);
  const [kinds, setKinds] = useState<ContractKind[]>(props.type.contractKinds);
  const errors = fieldErrorsOf(save.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({
      type: props.type.type,
      merchantId: props.merchantId,
      names: { TY: names.TY ?? '', EN: names.EN ?? '' },
      mayRegisterSubagents,
      contractKinds: kinds,
    });
  }

  return (
    <form className="form-grid panel" onSubmit={submit} aria-label={`Agent type ${props.type.type}`}>
      <h2>
        Type {props.type.type}: {props.type.names.EN ?? ''}
      </h2>
      <LocalizedFields
        label="Name"
        name="names"
        maxLength={40}
        value={names}
        onChange={setNames}
        errors={errors}
      />
      <Check isOn={mayRegisterSubagents} onChange={setMayRegisterSubagents} isDisabled={!props.canWrite}>
        May register sub-agents under them
      </Check>
      <fieldset>
        <legend className="field__label">Contracts it may hold</legend>
        {CONTRACT_KINDS.map((kind) => (
          <Check
            key={kind}
            isOn={kinds.includes(kind)}
            isDisabled={!props.canWrite}
            onChange={(isOn) => setKinds(isOn ? [...kinds, kind] : kinds.filter((held) => held !== kind))}
          >
            {labelOfCode(AGENT_CONTRACT_KIND_LABELS, kind)}
          </Check>
        ))}
      </fieldset>
      {save.isError && Object.keys(errors).length === 0 && <ErrorState error={save.error} />}
      {save.isSuccess && (
        <p className="alert alert--success" role="status">
          Saved.
        </p>
      )}
      {props.canWrite && (
        <div className="form-grid__actions">
          <button className="button button--primary" type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      )}
    </form>
  );
}
