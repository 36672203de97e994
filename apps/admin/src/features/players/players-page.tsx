import { useState } from 'react';
import { ChoiceChips } from '../../components/choice-chips.tsx';
import { ChoiceSelect } from '../../components/choice-select.tsx';
import { CodeName } from '../../components/code-name.tsx';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { ChangeNotice } from '../../components/merchant-picker.tsx';
import { PlayerPanels } from '../../components/player-panels.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable, TableHead, usePagedFilter } from '../../components/query-table.tsx';
import type { Notice } from '../../components/row-editor.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import type { BackOfficeError } from '../../lib/back-office-api.ts';
import { formatDateTime } from '../../lib/format.ts';
import {
  labelOfCode,
  MEMBER_STATUS_LABELS,
  MEMBER_TYPE_LABELS,
  OUTBOX_CHANNEL_LABELS,
  OUTBOX_PURPOSE_LABELS,
  PROFILE_FIELD_LABELS,
  SIGN_IN_METHOD_LABELS,
  TRANSFER_CODE_LABELS,
  WALLET_LABELS,
} from '../../lib/labels.ts';
import { AdjustmentForm } from './adjustment-form.tsx';
import { PlayerBonuses } from './player-bonuses.tsx';
import { PlayerProfilePanel } from './player-profile.tsx';
import {
  type PlayerAction,
  type SearchField,
  useLedger,
  useOutbox,
  usePlayer,
  usePlayerAction,
  usePlayers,
} from './players-api.ts';

const FIELDS: readonly (readonly [SearchField, string])[] = [
  ['account', 'Account'],
  ['mobile', 'Mobile'],
  ['ip', 'IP'],
  ['realName', 'Real name'],
];
/** The actions that shut a player out, asked about first, with what they do. */
const CONFIRMED_ACTIONS: Partial<Record<PlayerAction, { title: string; effect: string }>> = {
  lock: {
    title: 'Lock',
    effect: 'Ends every session now and refuses sign-ins until the player is unlocked.',
  },
  'password/reset': {
    title: 'Reset the password of',
    effect: 'Ends every session; the player signs in with a temporary password shown here once.',
  },
};

const ACTION_LABELS: Record<PlayerAction, string> = {
  lock: 'Lock',
  unlock: 'Unlock',
  'sessions/end': 'End sessions',
  'password/reset': 'Reset password',
};

/** Player search, the player page with its actions, and the SMS/email outbox. */
/**
 * `canAdjust`: the operator may change a player's balance by hand (finance.write);
 * `canGrantBonuses`: grant and cancel a player's bonuses by hand (bonuses.write).
 */
export function PlayersPage(props: {
  ownMerchantId: string | null;
  canWrite: boolean;
  canAdjust: boolean;
  canGrantBonuses: boolean;
}) {
  const [view, setView] = useState<'players' | 'outbox'>('players');
  return (
    <div className="page">
      <ChoiceChips
        label="Players views"
        choices={[
          ['players', 'Players'],
          ['outbox', 'SMS and email outbox'],
        ]}
        value={view}
        onChange={setView}
      />
      {view === 'players' ? (
        <PlayerSearch
          canWrite={props.canWrite}
          canAdjust={props.canAdjust}
          canGrantBonuses={props.canGrantBonuses}
        />
      ) : (
        <Outbox />
      )}
    </div>
  );
}

function PlayerSearch(props: { canWrite: boolean; canAdjust: boolean; canGrantBonuses: boolean }) {
  const [field, setField] = useState<SearchField>('account');
  const search = usePagedFilter('');
  const [openId, setOpenId] = useState<string | null>(null);
  const players = usePlayers({ merchantId: '', field, text: search.filter, page: search.page });
  return (
    <>
      <div className="toolbar">
        <ChoiceSelect label="Search by" value={field} choices={FIELDS} onChange={setField} />
        <SearchBox
          label="Search players"
          placeholder="Search"
          maxLength={64}
          value={search.filter}
          onChange={search.choose}
        />
      </div>
      <QueryTable
        query={players}
        rows={players.data?.list ?? []}
        headings={[
          'Account',
          'Real name',
          'Mobile',
          'Status',
          'Type',
          'Registered',
          'Register IP',
          'Last sign-in',
        ]}
        renderRow={(row) => (
          <PlayerTableRow
            row={row}
            isOpen={openId === row.id}
            canWrite={props.canWrite}
            canAdjust={props.canAdjust}
            canGrantBonuses={props.canGrantBonuses}
            onToggle={() => setOpenId(openId === row.id ? null : row.id)}
          />
        )}
        empty={<EmptyState title="No players match." />}
        paging={{ page: search.page, onPage: search.setPage, found: players.data }}
      />
    </>
  );
}

function PlayerTableRow(props: {
  row: ReturnType<typeof usePlayers>['data'] extends infer T
    ? T extends { list: (infer R)[] }
      ? R
      : never
    : never;
  isOpen: boolean;
  canWrite: boolean;
  canAdjust: boolean;
  canGrantBonuses: boolean;
  onToggle: () => void;
}) {
  const { row } = props;
  return (
    <>
      <tr className={props.isOpen ? 'table__row--open' : ''}>
        <td>
          <button
            className="button button--quiet button--small"
            type="button"
            onClick={props.onToggle}
            aria-expanded={props.isOpen}
          >
            {row.account}
          </button>
        </td>
        <td>{row.realName ?? '—'}</td>
        <td className="mono">{row.mobile ?? '—'}</td>
        <td>
          <span className={`badge ${row.status === 'active' ? 'badge--success' : 'badge--danger'}`}>
            {labelOfCode(MEMBER_STATUS_LABELS, row.status)}
          </span>
        </td>
        <td>
          <CodeName labels={MEMBER_TYPE_LABELS} code={row.type} showsCode />
        </td>
        <td className="small nowrap">{formatDateTime(row.createdAt)}</td>
        <td className="mono small">{row.registerIp ?? '—'}</td>
        <td className="small nowrap">{formatDateTime(row.lastLoginAt, 'Never')}</td>
      </tr>
      {props.isOpen && (
        <tr className="table__detail">
          <td colSpan={8}>
            <PlayerDetail
              id={row.id}
              canWrite={props.canWrite}
              canAdjust={props.canAdjust}
              canGrantBonuses={props.canGrantBonuses}
            />
          </td>
        </tr>
      )}
    </>
  );
}

function PlayerDetail(props: {
  id: string;
  canWrite: boolean;
  canAdjust: boolean;
  canGrantBonuses: boolean;
}) {
  const player = usePlayer(props.id);
  const ledger = useLedger(props.id);
  const action = usePlayerAction();
  const [notice, setNotice] = useState<(NonNullable<Notice> & { secret?: string }) | null>(null);

  const confirm = useConfirmedAction();

  /** Runs an action and shows what it did; a refusal is thrown on to whoever asked for it. */
  async function run(name: PlayerAction) {
    setNotice(null);
    const result = await action.mutateAsync({ id: props.id, action: name });
    setNotice({
      tone: 'success',
      title: `${ACTION_LABELS[name]}: done, ${result.endedSessions} session(s) ended`,
      ...('temporaryPassword' in result ? { secret: result.temporaryPassword } : {}),
    });
  }

  function start(name: PlayerAction, account: string) {
    const question = CONFIRMED_ACTIONS[name];
    if (question) {
      confirm.ask({
        title: `${question.title} ${account}?`,
        confirmLabel: ACTION_LABELS[name],
        tone: 'danger',
        facts: [
          ['Player', account],
          ['Effect', question.effect],
        ],
        run: () => run(name),
      });
      return;
    }
    run(name).catch((error: unknown) =>
      setNotice({ tone: 'danger', title: (error as Error).message, detail: (error as BackOfficeError).code }),
    );
  }

  if (player.isError) return <ErrorState error={player.error} />;
  if (player.isPending) return <p className="muted">Loading the player…</p>;
  const { profile, sessions, logins, profileChanges, balances, currency } = player.data;
  const actions: PlayerAction[] = [
    profile.status === 'locked' ? 'unlock' : 'lock',
    'sessions/end',
    'password/reset',
  ];
  return (
    <section className="player-detail" aria-label={`Player ${profile.account}`}>
      {props.canWrite && (
        <div className="row-actions">
          {actions.map((name) => (
            <button
              key={name}
              type="button"
              className={`button button--small ${CONFIRMED_ACTIONS[name] ? 'button--danger' : 'button--quiet'}`}
              disabled={action.isPending}
              onClick={() => start(name, profile.account)}
            >
              {ACTION_LABELS[name]}
            </button>
          ))}
        </div>
      )}
      {confirm.element}
      <ChangeNotice notice={notice} />
      {notice?.secret && (
        <p>
          Temporary password (shown once; the next sign-in must replace it):{' '}
          <code className="secret" data-testid="player-temporary-password">
            {notice.secret}
          </code>
        </p>
      )}
      <dl className="facts">
        <dt>Status</dt>
        <dd>{labelOfCode(MEMBER_STATUS_LABELS, profile.status)}</dd>
        <dt>Balance</dt>
        <dd className="mono">
          {currency} {balances.cash} cash · {balances.bonus} bonus
        </dd>
        {props.canAdjust && (
          <>
            <dt>Adjust</dt>
            <dd>
              <AdjustmentForm
                playerId={props.id}
                account={profile.account}
                currency={currency}
                cashBalance={balances.cash}
                ask={confirm.ask}
                isSending={confirm.isSending}
              />
            </dd>
          </>
        )}
        <dt>2FA</dt>
        <dd>{profile.totpEnabled ? 'on' : 'off'}</dd>
        <dt>Registered</dt>
        <dd>
          {formatDateTime(profile.createdAt)} by {labelOfCode(SIGN_IN_METHOD_LABELS, profile.registerMethod)}{' '}
          from {profile.registerIp ?? '—'}
        </dd>
      </dl>
      <PlayerProfilePanel player={{ id: props.id, account: profile.account }} canWrite={props.canWrite} />
      <PlayerBonuses
        playerId={props.id}
        account={profile.account}
        merchantId={profile.merchantId}
        currency={currency}
        canWrite={props.canGrantBonuses}
        ask={confirm.ask}
        isSending={confirm.isSending}
      />
      <PlayerPanels player={{ id: props.id, account: profile.account, merchantId: profile.merchantId }} />
      <h3>Sessions</h3>
      <table className="table">
        <TableHead headings={['Started', 'Method', 'IP', 'Last seen', 'State']} />
        <tbody>
          {sessions.map((session) => (
            <tr key={session.id}>
              <td className="nowrap small">{formatDateTime(session.createdAt)}</td>
              <td>{labelOfCode(SIGN_IN_METHOD_LABELS, session.method)}</td>
              <td className="mono small">{session.ip ?? '—'}</td>
              <td className="nowrap small">{formatDateTime(session.lastSeenAt)}</td>
              <td>
                {session.isLive ? (
                  <span className="badge badge--success">live</span>
                ) : (
                  (session.endReason ?? 'expired')
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Sign-ins</h3>
      <table className="table">
        <TableHead headings={['At', 'Method', 'IP', 'Country']} />
        <tbody>
          {logins.map((login) => (
            <tr key={login.id}>
              <td className="nowrap small">{formatDateTime(login.at)}</td>
              <td>{labelOfCode(SIGN_IN_METHOD_LABELS, login.method)}</td>
              <td className="mono small">{login.ip}</td>
              <td>{login.country ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Profile changes</h3>
      {profileChanges.length === 0 ? (
        <p className="muted">No profile changes.</p>
      ) : (
        <table className="table" data-testid="profile-changes">
          <TableHead headings={['At', 'Field', 'Before', 'After', 'By']} />
          <tbody>
            {profileChanges.map((change) => (
              <tr key={change.id}>
                <td className="nowrap small">{formatDateTime(change.at)}</td>
                <td>{labelOfCode(PROFILE_FIELD_LABELS, change.field)}</td>
                <td className="mono small">{change.before ?? '—'}</td>
                <td className="mono small">{change.after ?? '—'}</td>
                <td>{change.actorType === 'member' ? 'Player' : 'Operator'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>Ledger</h3>
      {ledger.isError ? (
        <ErrorState error={ledger.error} />
      ) : (
        <table className="table">
          <TableHead
            headings={['At', 'What', 'Wallet', numberHeading('Amount'), numberHeading('Balance after')]}
          />
          <tbody>
            {(ledger.data?.list ?? []).map((line) => (
              <tr key={line.id}>
                <td className="nowrap small">{formatDateTime(line.createdAt)}</td>
                <td>{labelOfCode(TRANSFER_CODE_LABELS, line.code)}</td>
                <td>{labelOfCode(WALLET_LABELS, line.wallet)}</td>
                <td className="number mono">{line.amount}</td>
                <td className="number mono">{line.balanceAfter}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Outbox() {
  const search = usePagedFilter('');
  const outbox = useOutbox({ merchantId: '', destination: search.filter, page: search.page });
  return (
    <>
      <div className="toolbar">
        <SearchBox
          label="Search by destination"
          placeholder="Mobile number or email"
          value={search.filter}
          onChange={search.choose}
        />
      </div>
      <QueryTable
        query={outbox}
        rows={outbox.data?.list ?? []}
        headings={['At', 'Channel', 'To', 'Purpose', 'Message', 'Status']}
        renderRow={(message) => (
          <tr>
            <td className="nowrap small">{formatDateTime(message.createdAt)}</td>
            <td>{labelOfCode(OUTBOX_CHANNEL_LABELS, message.channel)}</td>
            <td className="mono small">{message.destination}</td>
            <td>{labelOfCode(OUTBOX_PURPOSE_LABELS, message.purpose)}</td>
            <td className="small">
              {message.subject ? `${message.subject}: ` : ''}
              {message.body.slice(0, 160)}
            </td>
            <td>
              {message.status}
              {message.error ? ` (${message.error})` : ''}
            </td>
          </tr>
        )}
        empty={<EmptyState title="No messages." />}
        paging={{ page: search.page, onPage: search.setPage, found: outbox.data }}
      />
    </>
  );
}
