import { Plus, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { MerchantOptions, MerchantPicker } from '../../components/merchant-picker.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable, usePagedFilter } from '../../components/query-table.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { BackOfficeError } from '../../lib/back-office-api.ts';
import { formatDateTime } from '../../lib/format.ts';
import {
  type Operator,
  type StaffAction,
  useChangeRole,
  useCreateOperator,
  useRoleOptions,
  useStaff,
  useStaffAction,
} from './staff-api.ts';

export type StaffPageProps = {
  /** The signed-in operator, whose own row offers no actions. */
  selfId: string;
  /** Null for a platform owner, who may pick any of `merchants`. */
  ownMerchantId: string | null;
  merchants: { id: string; code: string; name: string }[];
  canWrite: boolean;
};

type Notice = { tone: 'success' | 'danger'; title: string; detail?: string; secret?: string };

const ACTION_LABELS: Record<StaffAction, string> = {
  lock: 'Lock',
  unlock: 'Unlock',
  'password/reset': 'Reset password',
  'totp/reset': 'Reset 2FA',
  'sessions/end': 'End sessions',
};

/** The actions that shut an operator out or void a credential, asked about first, with what they do. */
const CONFIRMED_EFFECTS: Partial<Record<StaffAction, string>> = {
  lock: 'Ends every session now and refuses sign-ins until unlocked.',
  'password/reset': 'Ends every session; the next sign-in uses a temporary password shown here once.',
  'totp/reset': 'The next sign-in must set up an authenticator app again.',
};

/** Operator accounts: a dense table with search, and for staff.write the changes in each row. */
export function StaffPage(props: StaffPageProps) {
  const isPlatformOwner = props.ownMerchantId === null;
  const list = usePagedFilter({ merchantId: '', search: '' });
  const { search } = list.filter;
  const [isCreating, setIsCreating] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const staff = useStaff({ ...list.filter, page: list.page });
  const action = useStaffAction();
  const changeRole = useChangeRole();
  const merchantName = (id: string | null) =>
    id === null ? 'Platform' : (props.merchants.find((merchant) => merchant.id === id)?.name ?? id);

  const confirm = useConfirmedAction();

  /** Runs an action and shows what it did; a refusal is thrown on to whoever asked for it. */
  async function run(operator: Operator, name: StaffAction) {
    setNotice(null);
    const result = await action.mutateAsync({ id: operator.id, action: name });
    setNotice(
      'temporaryPassword' in result
        ? {
            tone: 'success',
            title: `New temporary password for ${operator.username}`,
            detail: 'Shown once. Hand it over in person; the next sign-in must replace it.',
            secret: result.temporaryPassword,
          }
        : { tone: 'success', title: `${ACTION_LABELS[name]}: ${operator.username}` },
    );
  }

  function start(operator: Operator, name: StaffAction) {
    const effect = CONFIRMED_EFFECTS[name];
    if (effect) {
      confirm.ask({
        title: `${ACTION_LABELS[name]}: ${operator.username}?`,
        confirmLabel: ACTION_LABELS[name],
        tone: 'danger',
        facts: [
          ['Operator', `${operator.username} (${operator.displayName})`],
          ['Effect', effect],
        ],
        run: () => run(operator, name),
      });
      return;
    }
    run(operator, name).catch((error: unknown) =>
      setNotice({ tone: 'danger', title: (error as Error).message, detail: (error as BackOfficeError).code }),
    );
  }

  async function handleRoleChange(operator: Operator, roleId: string) {
    setNotice(null);
    try {
      const changed = await changeRole.mutateAsync({ id: operator.id, roleId });
      setNotice({ tone: 'success', title: `${operator.username} is now ${changed.roleName}` });
    } catch (error) {
      setNotice({ tone: 'danger', title: (error as Error).message, detail: (error as BackOfficeError).code });
    }
  }

  return (
    <div className="page">
      <div className="toolbar">
        <SearchBox
          label="Search staff"
          placeholder="Search username or name"
          maxLength={64}
          value={search}
          onChange={(next) => list.choose({ ...list.filter, search: next })}
        />
        <MerchantPicker
          ownMerchantId={props.ownMerchantId}
          merchants={props.merchants}
          value={list.filter.merchantId}
          onChange={(id) => list.choose({ ...list.filter, merchantId: id })}
          noneLabel="All merchants"
        />
        <span className="toolbar__spacer" />
        {props.canWrite && (
          <button className="button button--primary" type="button" onClick={() => setIsCreating(true)}>
            <Plus size={16} aria-hidden="true" />
            New operator
          </button>
        )}
      </div>

      {isCreating && (
        <CreateOperatorForm
          isPlatformOwner={isPlatformOwner}
          merchants={props.merchants}
          onCancel={() => setIsCreating(false)}
          onCreated={(operator, temporaryPassword) => {
            setIsCreating(false);
            setNotice({
              tone: 'success',
              title: `${operator.username} created`,
              detail:
                'Temporary password, shown once. The first sign-in replaces it and sets up the authenticator.',
              secret: temporaryPassword,
            });
          }}
        />
      )}

      {confirm.element}
      {notice && (
        <div className={`alert alert--${notice.tone}`} role={notice.tone === 'danger' ? 'alert' : 'status'}>
          <strong>{notice.title}</strong>
          {notice.detail && (
            <span className={notice.tone === 'danger' ? 'alert__code' : ''}>{notice.detail}</span>
          )}
          {notice.secret && (
            <code className="secret" data-testid="temporary-password">
              {notice.secret}
            </code>
          )}
        </div>
      )}

      <QueryTable
        query={staff}
        rows={staff.data?.list ?? []}
        headings={[
          'Username',
          'Name',
          isPlatformOwner && 'Merchant',
          'Role',
          'Status',
          '2FA',
          numberHeading('Failed'),
          'Last sign-in',
          numberHeading('Sessions'),
          'Actions',
        ]}
        renderRow={(operator) => (
          <StaffRow
            operator={operator}
            merchantName={isPlatformOwner ? merchantName(operator.merchantId) : null}
            isSelf={operator.id === props.selfId}
            canWrite={props.canWrite}
            isBusy={action.isPending || changeRole.isPending}
            onAction={(name) => start(operator, name)}
            onRoleChange={(roleId) => void handleRoleChange(operator, roleId)}
          />
        )}
        empty={
          <EmptyState title="No operators match.">
            {search ? 'Try another search.' : 'Create the first operator with “New operator”.'}
          </EmptyState>
        }
        paging={{ page: list.page, onPage: list.setPage, found: staff.data }}
      />
    </div>
  );
}

function StaffRow(props: {
  operator: Operator;
  merchantName: string | null;
  isSelf: boolean;
  canWrite: boolean;
  isBusy: boolean;
  onAction: (action: StaffAction) => void;
  onRoleChange: (roleId: string) => void;
}) {
  const { operator } = props;
  const roles = useRoleOptions(operator.merchantId ?? '');
  const offered = (roles.data ?? []).filter(
    (role) => role.builtin || (operator.merchantId !== null && role.merchantId === operator.merchantId),
  );
  const isEditable = props.canWrite && !props.isSelf;
  const actions: StaffAction[] = [
    operator.status === 'locked' ? 'unlock' : 'lock',
    'password/reset',
    'totp/reset',
    'sessions/end',
  ];
  return (
    <tr data-testid={`staff-row-${operator.username}`}>
      <td>
        <strong>{operator.username}</strong>
        {props.isSelf && <span className="badge badge--brand">you</span>}
      </td>
      <td>{operator.displayName}</td>
      {props.merchantName !== null && <td>{props.merchantName}</td>}
      <td>
        {isEditable && offered.length > 0 ? (
          <select
            aria-label={`Role of ${operator.username}`}
            value={operator.roleId}
            disabled={props.isBusy}
            onChange={(event) => props.onRoleChange(event.target.value)}
          >
            {offered.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </select>
        ) : (
          operator.roleName
        )}
      </td>
      <td>
        <span className={`badge ${operator.status === 'locked' ? 'badge--danger' : 'badge--success'}`}>
          {operator.status}
        </span>
        {operator.mustChangePassword && <span className="badge">new password due</span>}
      </td>
      <td>{operator.totpEnabled ? 'on' : <span className="muted">off</span>}</td>
      <td className="number">{operator.failedLoginCount}</td>
      <td>
        {formatDateTime(operator.lastLoginAt, 'Never')}
        {operator.lastLoginIp && <span className="muted small mono cell-note">{operator.lastLoginIp}</span>}
      </td>
      <td className="number">{operator.liveSessions}</td>
      <td>
        {isEditable ? (
          <div className="row-actions">
            {actions.map((name) => (
              <button
                key={name}
                type="button"
                className={`button button--small ${CONFIRMED_EFFECTS[name] ? 'button--danger' : 'button--quiet'}`}
                disabled={props.isBusy}
                onClick={() => props.onAction(name)}
              >
                {ACTION_LABELS[name]}
              </button>
            ))}
          </div>
        ) : (
          <span className="muted small">—</span>
        )}
      </td>
    </tr>
  );
}

function CreateOperatorForm(props: {
  isPlatformOwner: boolean;
  merchants: { id: string; name: string }[];
  onCancel: () => void;
  onCreated: (operator: Operator, temporaryPassword: string) => void;
}) {
  const formId = useId();
  const [merchantId, setMerchantId] = useState(props.isPlatformOwner ? (props.merchants[0]?.id ?? '') : '');
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [roleId, setRoleId] = useState('');
  const roles = useRoleOptions(merchantId);
  const create = useCreateOperator();
  const fields = create.error instanceof BackOfficeError ? create.error.fields : {};
  const reasons = create.error instanceof BackOfficeError ? create.error.reasons : {};
  const offered = (roles.data ?? []).filter(
    (role) => role.builtin || (merchantId !== '' && role.merchantId === merchantId),
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await create
      .mutateAsync({
        ...(props.isPlatformOwner && merchantId ? { merchantId } : {}),
        username: username.trim(),
        displayName: displayName.trim(),
        roleId: roleId || offered[0]?.id || '',
      })
      .catch(() => null);
    if (result) props.onCreated(result.operator, result.temporaryPassword);
  }

  return (
    <form className="panel form-grid" onSubmit={handleSubmit} aria-labelledby={`${formId}-title`}>
      <div className="panel__heading">
        <h2 id={`${formId}-title`}>New operator</h2>
        <button className="icon-button" type="button" aria-label="Close" onClick={props.onCancel}>
          <X size={16} />
        </button>
      </div>
      {props.isPlatformOwner && (
        <div className="field">
          <label className="field__label" htmlFor={`${formId}-merchant`}>
            Merchant
          </label>
          <select
            id={`${formId}-merchant`}
            value={merchantId}
            onChange={(event) => setMerchantId(event.target.value)}
          >
            <MerchantOptions merchants={props.merchants} noneLabel="Platform (every merchant)" />
          </select>
        </div>
      )}
      <label className="field">
        <span className="field__label">Username</span>
        <input
          required
          maxLength={32}
          pattern="[A-Za-z0-9][A-Za-z0-9_.\-]{2,31}"
          title="3 to 32 letters, digits, dots, dashes or underscores"
          value={username}
          aria-invalid={fields.username ? true : undefined}
          onChange={(event) => setUsername(event.target.value)}
        />
        {fields.username && (
          <span className="field__error">
            {reasons.username === 'taken' ? 'Already taken.' : fields.username}
          </span>
        )}
      </label>
      <label className="field">
        <span className="field__label">Display name</span>
        <input maxLength={80} value={displayName} onChange={(event) => setDisplayName(event.target.value)} />
      </label>
      <div className="field">
        <label className="field__label" htmlFor={`${formId}-role`}>
          Role
        </label>
        <select
          id={`${formId}-role`}
          value={roleId || offered[0]?.id || ''}
          onChange={(event) => setRoleId(event.target.value)}
        >
          {offered.map((role) => (
            <option key={role.id} value={role.id}>
              {role.name}
              {role.builtin ? '' : ' (custom)'}
            </option>
          ))}
        </select>
      </div>
      {create.isError && Object.keys(fields).length === 0 && <ErrorState error={create.error} />}
      <div className="form-grid__actions">
        <button className="button button--quiet" type="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button className="button button--primary" type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create operator'}
        </button>
      </div>
    </form>
  );
}
