import { type FormEvent, useState } from 'react';
import { FilterSelect } from '../../components/choice-select.tsx';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { Field, fieldErrorsOf } from '../../components/editor-fields.tsx';
import { EmptyState, ErrorState, Pager } from '../../components/query-state.tsx';
import { numberHeading, TableHead } from '../../components/query-table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { labelOfCode } from '../../lib/labels.ts';
import {
  ADJUSTMENT_REASON_LENGTH_MAX,
  type AdjustmentForm,
  readAdjustment,
  signedPointsText,
} from './points-adjustment.ts';
import { useAdjustPoints, usePlayerPoints } from './points-api.ts';
import { POINT_RECORD_TYPE_LABELS, POINT_RECORD_TYPES, type PointRecordType } from './points-labels.ts';
import './points.css';

const TYPE_CHOICES = POINT_RECORD_TYPES.map(
  (type) => [type, labelOfCode(POINT_RECORD_TYPE_LABELS, type)] as const,
);
const grouped = (value: number) => value.toLocaleString('en-PH');

/**
 * A member's points on the player page (docs/loyalty.md "Points"): the balance, the points still
 * owed from claw-backs, every record by type and page, and an adjustment by hand with a reason for
 * operators who may (loyalty.write), asked first with the balance it starts from.
 */
export function PlayerPoints(props: { playerId: string; account: string; canWrite: boolean }) {
  const [type, setType] = useState<PointRecordType | ''>('');
  const [page, setPage] = useState(1);
  const points = usePlayerPoints(props.playerId, { type, page });
  const confirm = useConfirmedAction();
  const [isAdjusting, setIsAdjusting] = useState(false);
  const rows = points.data?.list ?? [];

  return (
    <section aria-label={`Points of ${props.account}`} className="player-points">
      <div className="panel__heading">
        <h3>Points</h3>
        {points.data && (
          <span className="muted">
            Balance: <strong className="mono">{grouped(points.data.points)}</strong>
            {points.data.owed > 0 && (
              <>
                {' '}
                · owed from claw-backs: <span className="mono">{grouped(points.data.owed)}</span> (taken from
                future earnings first)
              </>
            )}
          </span>
        )}
        {props.canWrite && !isAdjusting && (
          <button
            type="button"
            className="button button--quiet button--small"
            onClick={() => setIsAdjusting(true)}
          >
            Adjust points…
          </button>
        )}
      </div>
      {confirm.element}
      {props.canWrite && isAdjusting && (
        <AdjustPointsForm
          playerId={props.playerId}
          account={props.account}
          balance={points.data?.points ?? null}
          ask={confirm.ask}
          isSending={confirm.isSending}
          onClose={() => setIsAdjusting(false)}
        />
      )}
      <div className="toolbar">
        <FilterSelect
          label="Record type"
          anyLabel="Every type"
          value={type}
          choices={TYPE_CHOICES}
          onChange={(next) => {
            setType(next);
            setPage(1);
          }}
        />
      </div>
      {points.isError ? (
        <ErrorState error={points.error} onRetry={() => void points.refetch()} />
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="player-point-records">
            <TableHead
              headings={['At', 'Type', numberHeading('Points'), numberHeading('Balance after'), 'Remark']}
            />
            <tbody>
              {rows.map((record) => (
                <tr key={record.id}>
                  <td className="small nowrap">{formatDateTime(record.createdAt)}</td>
                  <td>{labelOfCode(POINT_RECORD_TYPE_LABELS, record.type)}</td>
                  <td className={`number mono ${record.points < 0 ? 'points-minus' : ''}`}>
                    {signedPointsText(record.points)}
                  </td>
                  <td className="number mono">{grouped(record.balance)}</td>
                  <td className="small">{record.remark ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {points.isPending && <p className="muted">Loading the points…</p>}
          {points.data && rows.length === 0 && (
            <EmptyState title={type === '' ? 'No points records yet.' : 'No records of this type.'} />
          )}
        </div>
      )}
      {points.data && points.data.totalPages > 1 && (
        <Pager page={page} totalPages={points.data.totalPages} total={points.data.total} onPage={setPage} />
      )}
    </section>
  );
}

function AdjustPointsForm(props: {
  playerId: string;
  account: string;
  balance: number | null;
  ask: ReturnType<typeof useConfirmedAction>['ask'];
  isSending: boolean;
  onClose: () => void;
}) {
  const adjust = useAdjustPoints();
  const [form, setForm] = useState<AdjustmentForm>({ points: '', reason: '' });
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors = { ...fieldErrorsOf(adjust.error), ...localErrors };

  function submit(event: FormEvent) {
    event.preventDefault();
    const reading = readAdjustment(form, props.balance);
    if (!reading.ok) {
      setLocalErrors(reading.errors);
      return;
    }
    setLocalErrors({});
    const { body } = reading;
    const isAdding = body.points > 0;
    const size = grouped(Math.abs(body.points));
    props.ask({
      title: isAdding
        ? `Add ${size} points to ${props.account}?`
        : `Take ${size} points from ${props.account}?`,
      confirmLabel: isAdding ? 'Add points' : 'Take points',
      tone: isAdding ? 'primary' : 'danger',
      facts: [
        ['Player', props.account],
        ['Points', signedPointsText(body.points)],
        ['Balance now', props.balance === null ? '—' : grouped(props.balance)],
        ...(props.balance === null
          ? []
          : ([['Balance after', grouped(props.balance + body.points)]] as const)),
        ['Reason', body.reason],
      ],
      run: async () => {
        adjust.reset();
        await adjust.mutateAsync({ playerId: props.playerId, body });
        props.onClose();
      },
      doneText: `${isAdding ? 'Added' : 'Took'} ${size} points ${isAdding ? 'to' : 'from'} ${props.account}.`,
    });
  }

  return (
    <form
      className="panel form-grid"
      onSubmit={submit}
      aria-label={`Adjust the points of ${props.account}`}
      noValidate
    >
      <div className="field-row">
        <Field label="Points (+ to add, − to take)" name="points" errors={errors} hint="500 adds, -500 takes">
          <input
            inputMode="numeric"
            maxLength={14}
            value={form.points}
            aria-invalid={errors.points ? true : undefined}
            onChange={(event) => setForm({ ...form, points: event.target.value })}
          />
        </Field>
        <Field label="Reason" name="reason" errors={errors} hint="Kept with the record and in the audit log">
          <input
            maxLength={ADJUSTMENT_REASON_LENGTH_MAX}
            value={form.reason}
            aria-invalid={errors.reason ? true : undefined}
            onChange={(event) => setForm({ ...form, reason: event.target.value })}
          />
        </Field>
      </div>
      <div className="form-grid__actions">
        <button type="button" className="button button--quiet" onClick={props.onClose}>
          Close
        </button>
        <button type="submit" className="button button--primary" disabled={props.isSending}>
          Adjust…
        </button>
      </div>
    </form>
  );
}
