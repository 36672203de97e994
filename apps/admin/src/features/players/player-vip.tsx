import { type FormEvent, type ReactNode, useState } from 'react';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { ErrorState } from '../../components/query-state.tsx';
import { formatDateTime, NOT_SET } from '../../lib/format.ts';
import { BONUS_REASON_LENGTH_MAX } from './bonus-grant.ts';
import {
  type HeldVipLevel,
  type MerchantVipLevel,
  useMerchantVipLevels,
  usePlayerVipLevel,
  useSetPlayerBirthday,
  useSetPlayerVip,
} from './player-vip-api.ts';
import { manilaDayOf, projectionText, readBirthdayChange, readLevelChange } from './player-vip-form.ts';
import { usePlayer } from './players-api.ts';

const levelWords = (level: { label: string; names: Record<string, string> }) =>
  `${level.label} · ${level.names.TY || level.names.EN || ''}`.replace(/ · $/, '');

/**
 * A player's VIP on the player page (docs/loyalty.md "VIP"): the level held, since when, until when
 * no review may lower it, and what the next review would do with today's figures; the birthday
 * its gift comes in. Operators who may (loyalty.write) set or remove the level and set or clear
 * the birthday, each with a reason, asked first.
 */
export function PlayerVip(props: {
  player: { id: string; account: string; merchantId: string };
  canWrite: boolean;
}) {
  const { player } = props;
  const held = usePlayerVipLevel(player);
  const levels = useMerchantVipLevels(player.merchantId);
  const detail = usePlayer(player.id);
  const confirm = useConfirmedAction();
  const birthday = detail.data?.profile.birthday ?? null;
  const labelOfRank = (rank: number) =>
    levels.data?.find((level) => level.rank === rank)?.label ?? `rank ${rank}`;

  return (
    <section aria-label={`VIP of ${player.account}`} data-testid="player-vip">
      <div className="panel__heading">
        <h3>VIP</h3>
      </div>
      {confirm.element}
      {held.isError ? (
        <ErrorState error={held.error} onRetry={() => void held.refetch()} />
      ) : held.isPending ? (
        <p className="muted">Loading the level…</p>
      ) : (
        <dl className="facts">
          <dt>Level</dt>
          <dd>
            {held.data ? (
              <>
                <span className="badge badge--brand">{held.data.label}</span> {held.data.names.TY || '—'}
                <span className="muted">
                  {' '}
                  / {held.data.names.EN || '—'} · rank {held.data.rank}
                </span>
              </>
            ) : (
              <span className="muted">No level: the player has not met rank 1's thresholds.</span>
            )}
          </dd>
          {held.data && <HeldFacts held={held.data} labelOfRank={labelOfRank} />}
          <dt>Birthday</dt>
          <dd>{birthday ?? NOT_SET}</dd>
        </dl>
      )}
      {props.canWrite && held.isSuccess && (
        <div>
          <LevelChangeForm
            player={player}
            held={held.data}
            levels={levels.data ?? []}
            ask={confirm.ask}
            isSending={confirm.isSending}
          />
          <BirthdayChangeForm
            player={player}
            birthday={birthday}
            ask={confirm.ask}
            isSending={confirm.isSending}
          />
        </div>
      )}
    </section>
  );
}

function HeldFacts({ held, labelOfRank }: { held: HeldVipLevel; labelOfRank: (rank: number) => string }) {
  return (
    <>
      <dt>Since</dt>
      <dd>{formatDateTime(held.reachedAt)}</dd>
      <dt>Guaranteed until</dt>
      <dd>
        {formatDateTime(held.guaranteedUntil)}{' '}
        <span className="muted small">(no review lowers the player before)</span>
      </dd>
      <dt>Next review</dt>
      <dd>
        {held.projection === null ? (
          <span className="muted">
            Not projected yet: the daily projection has not run since the player got it.
          </span>
        ) : (
          <>
            {projectionText({ outcome: held.projection, rank: held.projectedRank }, labelOfRank)}{' '}
            <span className="muted small">
              with the figures of {formatDateTime(held.projectedAt, 'the last projection')}
            </span>
          </>
        )}
      </dd>
    </>
  );
}

type AskProps = {
  player: { id: string; account: string };
  ask: ReturnType<typeof useConfirmedAction>['ask'];
  isSending: boolean;
};

function LevelChangeForm(
  props: AskProps & { held: HeldVipLevel | null; levels: readonly MerchantVipLevel[] },
) {
  const setLevel = useSetPlayerVip();
  const [form, setForm] = useState({ rank: props.held ? String(props.held.rank) : '', reason: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const heldRank = props.held?.rank ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const reading = readLevelChange(
      form,
      heldRank,
      props.levels.map((level) => level.rank),
    );
    if (!reading.ok) {
      setErrors(reading.errors);
      return;
    }
    setErrors({});
    const { rank, reason } = reading.body;
    const target = props.levels.find((level) => level.rank === rank) ?? null;
    props.ask({
      title: target
        ? `Put ${props.player.account} at ${target.label}?`
        : `Remove ${props.player.account}'s level?`,
      confirmLabel: target ? 'Set the level' : 'Remove the level',
      tone: target && (heldRank === null || target.rank > heldRank) ? 'primary' : 'danger',
      facts: [
        ['Player', props.player.account],
        ['From', props.held ? levelWords(props.held) : 'No level'],
        ['To', target ? levelWords(target) : 'No level'],
        [
          'Effect',
          target
            ? `The level's benefits apply at once and its guarantee starts now. No upgrade gift is paid for a change by hand. The player is told in their inbox.`
            : 'The level and its benefits go at once; the upgrade job gives a level back as soon as the thresholds are met. The player is told in their inbox.',
        ],
        ['Reason', reason],
      ],
      run: () => setLevel.mutateAsync({ playerId: props.player.id, rank, reason }),
      doneText: target
        ? `${props.player.account} is at ${target.label} now.`
        : `${props.player.account} holds no level now.`,
    });
  }

  return (
    <ReasonedChangeForm
      label={`Change the level of ${props.player.account}`}
      reasonLabel="Reason for the level"
      submitLabel="Change the level…"
      reason={form.reason}
      onReason={(reason) => setForm({ ...form, reason })}
      errors={errors}
      isSending={props.isSending}
      onSubmit={submit}
    >
      <select
        aria-label="Level"
        value={form.rank}
        aria-invalid={errors.rank ? true : undefined}
        onChange={(event) => setForm({ ...form, rank: event.target.value })}
      >
        <option value="">No level</option>
        {props.levels.map((level) => (
          <option key={level.id} value={String(level.rank)}>
            {levelWords(level)}
          </option>
        ))}
      </select>
    </ReasonedChangeForm>
  );
}

function BirthdayChangeForm(props: AskProps & { birthday: string | null }) {
  const setBirthday = useSetPlayerBirthday();
  const [today] = useState(() => manilaDayOf(new Date()));
  const [form, setForm] = useState({ birthday: props.birthday ?? '', reason: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const reading = readBirthdayChange(form, today);
    if (!reading.ok) {
      setErrors(reading.errors);
      return;
    }
    if (reading.body.birthday === props.birthday) {
      setErrors({ birthday: 'That is the birthday already.' });
      return;
    }
    setErrors({});
    const { birthday, reason } = reading.body;
    props.ask({
      title: birthday
        ? `Set ${props.player.account}'s birthday to ${birthday}?`
        : `Clear ${props.player.account}'s birthday?`,
      confirmLabel: birthday ? 'Set the birthday' : 'Clear the birthday',
      tone: 'primary',
      facts: [
        ['Player', props.player.account],
        ['Birthday now', props.birthday ?? NOT_SET],
        ['New birthday', birthday ?? NOT_SET],
        [
          'Effect',
          birthday
            ? "The level's birthday gift comes in this month from now on, once a year."
            : 'No birthday gift until a birthday is set; the player may set it once themselves.',
        ],
        ['Reason', reason],
      ],
      run: () => setBirthday.mutateAsync({ playerId: props.player.id, birthday, reason }),
      doneText: birthday
        ? `${props.player.account}'s birthday is ${birthday} now.`
        : `${props.player.account}'s birthday was cleared.`,
    });
  }

  return (
    <ReasonedChangeForm
      label={`Change the birthday of ${props.player.account}`}
      reasonLabel="Reason for the birthday"
      submitLabel="Change the birthday…"
      reason={form.reason}
      onReason={(reason) => setForm({ ...form, reason })}
      errors={errors}
      isSending={props.isSending}
      onSubmit={submit}
    >
      <input
        type="date"
        aria-label="Birthday"
        max={today}
        value={form.birthday}
        aria-invalid={errors.birthday ? true : undefined}
        onChange={(event) => setForm({ ...form, birthday: event.target.value })}
      />
    </ReasonedChangeForm>
  );
}

/**
 * A change of the player's with the reason the audit log keeps: the value's control (`children`),
 * the reason, the button that asks first, and what the form refused, in one row.
 */
function ReasonedChangeForm(props: {
  label: string;
  reasonLabel: string;
  submitLabel: string;
  reason: string;
  onReason: (reason: string) => void;
  errors: Record<string, string>;
  isSending: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form className="row-actions" onSubmit={props.onSubmit} aria-label={props.label} noValidate>
      {props.children}
      <input
        aria-label={props.reasonLabel}
        placeholder="Reason the audit log keeps"
        maxLength={BONUS_REASON_LENGTH_MAX}
        size={32}
        value={props.reason}
        aria-invalid={props.errors.reason ? true : undefined}
        onChange={(event) => props.onReason(event.target.value)}
      />
      <button type="submit" className="button button--quiet button--small" disabled={props.isSending}>
        {props.submitLabel}
      </button>
      {Object.values(props.errors).map((message) => (
        <span key={message} className="field__error" role="alert">
          {message}
        </span>
      ))}
    </form>
  );
}
