import { type FormEvent, useState } from 'react';
import { FilterSelect } from '../../components/choice-select.tsx';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { Field } from '../../components/editor-fields.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable, usePagedFilter } from '../../components/query-table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { agentTypeNameOf, isInvitationCode } from './agent-names.ts';
import { type AgentPlacement, AgentPlacementFields } from './agent-placement-fields.tsx';
import { type AgentType, findMemberByAccount } from './agents-api.ts';
import {
  type ApplicationRow,
  type ApplicationStatus,
  useApplications,
  useApproveApplication,
  useRejectApplication,
} from './applications-api.ts';

const STATUS_CHOICES: ReadonlyArray<readonly [ApplicationStatus, string]> = [
  ['pending', 'Waiting for review'],
  ['approved', 'Approved'],
  ['rejected', 'Rejected'],
];

/** The words a player chose among, as operators read them. */
const CHANNEL_NAMES: Record<string, string> = {
  facebook: 'Facebook',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  website: 'Website or blog',
  community: 'Friends and community',
  other: 'Other',
};

const NOTE_LENGTH_MAX = 500;

const statusNameOf = (status: ApplicationStatus) =>
  STATUS_CHOICES.find(([id]) => id === status)?.[1] ?? status;

/**
 * The affiliate applications queue (spec §1): players asking to become agents, newest first by
 * status. Reviewing one approves it — the player becomes an agent of a type, under an upline (or at
 * the top), with an invitation code — or rejects it with a note the player reads; each is confirmed.
 */
export function ApplicationsTab(props: {
  merchantId: string;
  types: readonly AgentType[];
  canWrite: boolean;
}) {
  const status = usePagedFilter<ApplicationStatus | ''>('pending');
  const [openId, setOpenId] = useState<string | null>(null);
  const confirm = useConfirmedAction();
  const applications = useApplications({
    merchantId: props.merchantId,
    status: status.filter,
    page: status.page,
  });
  const open = applications.data?.list.find((row) => row.id === openId && row.status === 'pending');
  return (
    <section aria-label="Affiliate applications">
      {confirm.element}
      <div className="toolbar">
        <FilterSelect
          label="Status"
          anyLabel="Any status"
          value={status.filter}
          choices={STATUS_CHOICES}
          onChange={(next) => status.choose(next)}
        />
      </div>
      {open && props.canWrite && (
        <ReviewPanel
          key={open.id}
          application={open}
          merchantId={props.merchantId}
          types={props.types}
          confirm={confirm}
          onClose={() => setOpenId(null)}
        />
      )}
      <QueryTable
        query={applications}
        rows={applications.data?.list ?? []}
        headings={[
          'Applied',
          'Player',
          'Channel',
          numberHeading('Audience'),
          'Contact',
          'Message',
          'Status',
          'Review',
          props.canWrite && '',
        ]}
        renderRow={(row) => (
          <tr aria-current={row.id === openId ? 'true' : undefined}>
            <td className="small nowrap">{formatDateTime(row.createdAt)}</td>
            <td>{row.account}</td>
            <td>{CHANNEL_NAMES[row.channel] ?? row.channel}</td>
            <td className="number">{row.audience.toLocaleString('en-PH')}</td>
            <td className="mono">{row.contact}</td>
            <td className="small">{row.message || '—'}</td>
            <td>{statusNameOf(row.status)}</td>
            <td className="small">
              <ReviewSummary row={row} types={props.types} />
            </td>
            {props.canWrite && (
              <td>
                {row.status === 'pending' && (
                  <button
                    className="button button--small"
                    type="button"
                    disabled={confirm.isSending}
                    onClick={() => setOpenId(row.id)}
                  >
                    Review…
                  </button>
                )}
              </td>
            )}
          </tr>
        )}
        empty={<EmptyState title="No applications match." />}
        paging={{ page: status.page, onPage: status.setPage, found: applications.data }}
      />
    </section>
  );
}

function ReviewSummary({ row, types }: { row: ApplicationRow; types: readonly AgentType[] }) {
  if (row.status === 'pending') return <>—</>;
  return (
    <>
      {row.reviewer ?? 'Someone'}, {row.reviewedAt ? formatDateTime(row.reviewedAt) : ''}
      {row.status === 'approved' && row.agentType !== null && (
        <>
          <br />
          {agentTypeNameOf(types, row.agentType)} under {row.uplineAccount ?? 'no upline (top agent)'}
        </>
      )}
      {row.reviewNote && (
        <>
          <br />“{row.reviewNote}”
        </>
      )}
    </>
  );
}

/** Approve (type, upline, invitation code, an optional note) or reject (a note) one application. */
function ReviewPanel(props: {
  application: ApplicationRow;
  merchantId: string;
  types: readonly AgentType[];
  confirm: ReturnType<typeof useConfirmedAction>;
  onClose: () => void;
}) {
  const { application, confirm } = props;
  const approve = useApproveApplication();
  const reject = useRejectApplication();
  const [placement, setPlacement] = useState<AgentPlacement>({
    type: props.types[0]?.type ?? 1,
    uplineAccount: '',
    invitationCode: '',
  });
  const { type, uplineAccount, invitationCode } = placement;
  const [note, setNote] = useState('');
  const [rejectNote, setRejectNote] = useState('');
  const [lookupError, setLookupError] = useState<string | null>(null);

  async function askApprove(event: FormEvent) {
    event.preventDefault();
    setLookupError(null);
    const upline = uplineAccount.trim() ? await findMemberByAccount(props.merchantId, uplineAccount) : null;
    if (uplineAccount.trim() && !upline) {
      setLookupError(`No member with the account ${uplineAccount.trim()}.`);
      return;
    }
    const typeName = agentTypeNameOf(props.types, type);
    confirm.ask({
      title: `Approve ${application.account} as an agent?`,
      confirmLabel: 'Approve',
      tone: 'primary',
      facts: [
        ['Player', application.account],
        ['Type', typeName],
        ['Upline', upline ? upline.account : 'None: a top agent'],
        ['Invitation code', invitationCode],
        ...(note.trim() ? ([['Note to the player', note.trim()]] as const) : []),
      ],
      run: async () => {
        await approve.mutateAsync({
          id: application.id,
          agentType: type,
          uplineId: upline?.id ?? null,
          invitationCode,
          note: note.trim(),
        });
        props.onClose();
      },
      doneText: `${application.account} is now an agent (${typeName}).`,
    });
  }

  function askReject(event: FormEvent) {
    event.preventDefault();
    confirm.ask({
      title: `Reject the application of ${application.account}?`,
      confirmLabel: 'Reject',
      tone: 'danger',
      facts: [
        ['Player', application.account],
        ['Note to the player', rejectNote.trim()],
      ],
      run: async () => {
        await reject.mutateAsync({ id: application.id, note: rejectNote.trim() });
        props.onClose();
      },
      doneText: `The application of ${application.account} was rejected.`,
    });
  }

  return (
    <section className="panel" aria-label={`Review the application of ${application.account}`}>
      <div className="toolbar">
        <strong>Review the application of {application.account}</strong>
        <button className="button button--quiet button--small" type="button" onClick={props.onClose}>
          Close
        </button>
      </div>
      <form className="form-grid" onSubmit={(event) => void askApprove(event)} aria-label="Approve">
        <AgentPlacementFields
          types={props.types}
          value={placement}
          onChange={setPlacement}
          errors={{}}
          typeFieldName="agentType"
        />
        <Field label="Note to the player (optional)" name="note" errors={{}}>
          <input maxLength={NOTE_LENGTH_MAX} value={note} onChange={(event) => setNote(event.target.value)} />
        </Field>
        {lookupError && (
          <p className="alert alert--danger" role="alert">
            {lookupError}
          </p>
        )}
        <div className="form-grid__actions">
          <button
            className="button button--primary"
            type="submit"
            disabled={!isInvitationCode(invitationCode) || confirm.isSending}
          >
            Approve…
          </button>
        </div>
      </form>
      <form className="form-grid" onSubmit={askReject} aria-label="Reject">
        <Field label="Why it is rejected (the player reads this)" name="rejectNote" errors={{}}>
          <input
            required
            maxLength={NOTE_LENGTH_MAX}
            value={rejectNote}
            onChange={(event) => setRejectNote(event.target.value)}
          />
        </Field>
        <div className="form-grid__actions">
          <button
            className="button button--danger"
            type="submit"
            disabled={rejectNote.trim() === '' || confirm.isSending}
          >
            Reject…
          </button>
        </div>
      </form>
    </section>
  );
}
