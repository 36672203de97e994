import { type FormEvent, type ReactNode, useState } from 'react';
import { Check, Field, textOf } from '../../components/editor-fields.tsx';
import { useFormSave } from '../../components/form-save.ts';
import type { Notice } from '../../components/row-editor.tsx';
import {
  AMOUNT_TASKS,
  countTargetMax,
  formOfLeaderboard,
  formOfMission,
  GAME_TYPE_TASKS,
  GAME_TYPES,
  type LeaderboardForm,
  type MissionForm,
  MULTIPLIER_MAX,
  NAME_LENGTH_MAX,
  newLeaderboardForm,
  newMissionForm,
  newPrizeForm,
  PRIZES_MAX,
  type PrizeForm,
  readLeaderboardForm,
  readMissionForm,
  TASKS,
  TICKETS_MAX,
} from './mission-form.ts';
import {
  METRIC_LABELS,
  PERIOD_LABELS,
  REWARD_KIND_LABELS,
  TARGET_LABELS,
  TASK_LABELS,
} from './mission-words.ts';
import {
  type LeaderboardRow,
  type MissionRow,
  usePrizeTableChoices,
  useSaveLeaderboard,
  useSaveMission,
} from './missions-api.ts';

/** The panel a form opens in, above its list, with its heading and Close. */
function EditorPanel(props: {
  title: string;
  canWrite: boolean;
  isSaving: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="panel form-grid"
      aria-label={props.title}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <div className="panel__heading">
        <h2>{props.title}</h2>
        <button type="button" className="button button--quiet" onClick={props.onClose}>
          Close
        </button>
      </div>
      <fieldset className="form-grid" disabled={!props.canWrite}>
        {props.children}
      </fieldset>
      {props.canWrite && (
        <div className="toolbar">
          <button type="submit" className="button button--primary" disabled={props.isSaving}>
            {props.isSaving ? 'Saving…' : 'Save'}
          </button>
        </div>
      )}
    </form>
  );
}

function TextInput(props: {
  label: string;
  name: string;
  errors: Record<string, string>;
  value: string;
  onChange: (value: string) => void;
  inputMode?: 'decimal' | 'numeric';
  maxLength: number;
  hint?: string;
  type?: 'datetime-local';
}) {
  return (
    <Field label={props.label} name={props.name} errors={props.errors} hint={props.hint}>
      <input
        name={props.name}
        type={props.type}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        value={props.value}
        aria-invalid={props.errors[props.name] ? true : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </Field>
  );
}

/** The names in Tagalog (what members reading Tagalog see, the default) and English. */
function NameFields(props: {
  value: { nameTy: string; nameEn: string };
  errors: Record<string, string>;
  onChange: (patch: { nameTy?: string; nameEn?: string }) => void;
}) {
  return (
    <div className="field-row">
      <TextInput
        label="Name · Tagalog (TY, default)"
        name="nameTy"
        maxLength={NAME_LENGTH_MAX}
        errors={props.errors}
        value={props.value.nameTy}
        onChange={(nameTy) => props.onChange({ nameTy })}
      />
      <TextInput
        label="Name · English (EN)"
        name="nameEn"
        maxLength={NAME_LENGTH_MAX}
        errors={props.errors}
        value={props.value.nameEn}
        onChange={(nameEn) => props.onChange({ nameEn })}
      />
    </div>
  );
}

function WindowFields(props: {
  value: { startsAt: string; endsAt: string };
  errors: Record<string, string>;
  endHint: string;
  onChange: (patch: { startsAt?: string; endsAt?: string }) => void;
}) {
  return (
    <div className="field-row">
      <TextInput
        label="Starts"
        name="startsAt"
        type="datetime-local"
        maxLength={16}
        errors={props.errors}
        value={props.value.startsAt}
        onChange={(startsAt) => props.onChange({ startsAt })}
      />
      <TextInput
        label="Ends"
        name="endsAt"
        type="datetime-local"
        maxLength={16}
        errors={props.errors}
        value={props.value.endsAt}
        hint={props.endHint}
        onChange={(endsAt) => props.onChange({ endsAt })}
      />
    </div>
  );
}

const GAME_TYPE_CHOICES: ReadonlyArray<readonly [string, string]> = [
  ['', 'Every type'],
  ...GAME_TYPES.map((type) => [type, type] as const),
];

/** A select whose options show their names only (CodeSelectField shows "code · name"). */
function ChoiceField<Code extends string>(props: {
  label: string;
  name: string;
  errors: Record<string, string>;
  value: Code;
  choices: ReadonlyArray<readonly [Code, string]>;
  onChange: (code: Code) => void;
  hint?: string;
}) {
  return (
    <Field label={props.label} name={props.name} errors={props.errors} hint={props.hint}>
      <select
        name={props.name}
        value={props.value}
        aria-invalid={props.errors[props.name] ? true : undefined}
        onChange={(event) => props.onChange(event.target.value as Code)}
      >
        {props.choices.map(([code, label]) => (
          <option key={code} value={code}>
            {label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * A mission's form (create or edit): names, period, task and target, reward (cash, a bonus with its
 * wagering multiplier, or tickets of a prize table), window, order and enabled. Read-only without
 * missions.write; the server checks again, and its field messages show next to the fields.
 */
export function MissionEditor(props: {
  merchantId: string;
  mission: MissionRow | null;
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState<MissionForm>(() =>
    props.mission ? formOfMission(props.mission) : newMissionForm(new Date()),
  );
  const save = useSaveMission();
  const { errors, submit, clear } = useFormSave({
    read: () => readMissionForm(form),
    send: (body) => save.mutateAsync({ id: props.mission?.id ?? null, merchantId: props.merchantId, body }),
    onNotice: props.onNotice,
    savedTitle: props.mission ? 'Mission saved.' : 'Mission added.',
    onSaved: props.onClose,
  });
  const tables = usePrizeTableChoices(props.merchantId, form.rewardKind === 'ticket');
  const change = (patch: Partial<MissionForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    // A field typed again no longer shows the problem it had.
    clear(Object.keys(patch));
  };
  const tableChoices = (tables.data?.list ?? []).map(
    (table) => [table.id, `${textOf(table.names)}${table.active ? '' : ' (inactive)'}`] as const,
  );

  const isAmount = AMOUNT_TASKS.has(form.task);
  const countMax = countTargetMax(form.task, form.period);
  return (
    <EditorPanel
      title={props.mission ? 'Edit mission' : 'New mission'}
      canWrite={props.canWrite}
      isSaving={save.isPending}
      onSubmit={() => void submit()}
      onClose={props.onClose}
    >
      <NameFields value={form} errors={errors} onChange={change} />
      <div className="field-row">
        <ChoiceField
          label="Period"
          name="period"
          errors={errors}
          value={form.period}
          choices={[
            ['daily', 'Daily'],
            ['weekly', 'Weekly (from Monday)'],
          ]}
          onChange={(period) => change({ period })}
        />
        <ChoiceField
          label="Task"
          name="task"
          errors={errors}
          value={form.task}
          choices={TASKS.map((task) => [task, TASK_LABELS[task]] as const)}
          onChange={(task) => change({ task })}
        />
        <TextInput
          label={TARGET_LABELS[form.task]}
          name="target"
          inputMode={isAmount ? 'decimal' : 'numeric'}
          maxLength={16}
          errors={errors}
          value={form.target}
          hint={isAmount ? undefined : `1 to ${countMax}`}
          onChange={(target) => change({ target })}
        />
        {GAME_TYPE_TASKS.has(form.task) && (
          <ChoiceField
            label="Game type"
            name="gameType"
            errors={errors}
            value={form.gameType}
            choices={GAME_TYPE_CHOICES}
            onChange={(gameType) => change({ gameType })}
          />
        )}
      </div>
      <div className="field-row">
        <ChoiceField
          label="Reward"
          name="rewardKind"
          errors={errors}
          value={form.rewardKind}
          choices={(['cash', 'bonus', 'ticket'] as const).map(
            (kind) => [kind, REWARD_KIND_LABELS[kind]] as const,
          )}
          onChange={(rewardKind) => change({ rewardKind })}
        />
        {form.rewardKind !== 'ticket' && (
          <TextInput
            label="Amount (₱)"
            name="reward"
            inputMode="decimal"
            maxLength={16}
            errors={errors}
            value={form.reward}
            onChange={(reward) => change({ reward })}
          />
        )}
        {form.rewardKind === 'bonus' && (
          <TextInput
            label="Wagering multiplier (×)"
            name="multiplier"
            inputMode="numeric"
            maxLength={2}
            errors={errors}
            value={form.multiplier}
            hint={`0 to ${MULTIPLIER_MAX}, held to the merchant's highest`}
            onChange={(multiplier) => change({ multiplier })}
          />
        )}
        {form.rewardKind === 'ticket' && (
          <>
            <ChoiceField
              label="Prize table"
              name="rewardTableId"
              errors={errors}
              value={form.rewardTableId}
              choices={[['', tables.isError ? 'No prize tables to read' : 'Choose…'], ...tableChoices]}
              hint="Tickets last as the reward centre's Missions rule of the table says (7 days without one)."
              onChange={(rewardTableId) => change({ rewardTableId })}
            />
            <TextInput
              label="Tickets per claim"
              name="rewardTickets"
              inputMode="numeric"
              maxLength={3}
              errors={errors}
              value={form.rewardTickets}
              hint={`1 to ${TICKETS_MAX}`}
              onChange={(rewardTickets) => change({ rewardTickets })}
            />
          </>
        )}
      </div>
      <WindowFields value={form} errors={errors} endHint="Leave empty for no end." onChange={change} />
      <div className="field-row">
        <TextInput
          label="Order in the list"
          name="sortOrder"
          inputMode="numeric"
          maxLength={5}
          errors={errors}
          value={form.sortOrder}
          onChange={(sortOrder) => change({ sortOrder })}
        />
      </div>
      <Check isOn={form.enabled} onChange={(enabled) => change({ enabled })}>
        Enabled: members see the mission within its window and may claim it
      </Check>
    </EditorPanel>
  );
}

function PrizeRow(props: {
  index: number;
  prize: PrizeForm;
  errors: Record<string, string>;
  canRemove: boolean;
  onChange: (patch: Partial<PrizeForm>) => void;
  onRemove: () => void;
}) {
  const name = `prizes.${props.index}`;
  return (
    <div className="field-row" data-testid="leaderboard-prize">
      <span className="field__label">#{props.index + 1}</span>
      <ChoiceField
        label="Kind"
        name={`${name}.kind`}
        errors={props.errors}
        value={props.prize.kind}
        choices={[
          ['cash', 'Cash'],
          ['bonus', 'Bonus with wagering'],
        ]}
        onChange={(kind) => props.onChange({ kind })}
      />
      <TextInput
        label="Amount (₱)"
        name={`${name}.amount`}
        inputMode="decimal"
        maxLength={16}
        errors={props.errors}
        value={props.prize.amount}
        onChange={(amount) => props.onChange({ amount })}
      />
      {props.prize.kind === 'bonus' && (
        <TextInput
          label="Wagering multiplier (×)"
          name={`${name}.multiplier`}
          inputMode="numeric"
          maxLength={2}
          errors={props.errors}
          value={props.prize.multiplier}
          onChange={(multiplier) => props.onChange({ multiplier })}
        />
      )}
      {props.canRemove && (
        <button
          type="button"
          className="button button--quiet button--small"
          aria-label={`Remove prize #${props.index + 1}`}
          onClick={props.onRemove}
        >
          Remove
        </button>
      )}
    </div>
  );
}

/**
 * A leaderboard's form (create or edit): names, what it ranks by, period, window, prizes per rank
 * and enabled. Read-only without missions.write.
 */
export function LeaderboardEditor(props: {
  merchantId: string;
  board: LeaderboardRow | null;
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState<LeaderboardForm>(() =>
    props.board ? formOfLeaderboard(props.board) : newLeaderboardForm(new Date()),
  );
  const save = useSaveLeaderboard();
  const { errors, submit, clear } = useFormSave({
    read: () => readLeaderboardForm(form),
    send: (body) => save.mutateAsync({ id: props.board?.id ?? null, merchantId: props.merchantId, body }),
    onNotice: props.onNotice,
    savedTitle: props.board ? 'Leaderboard saved.' : 'Leaderboard added.',
    onSaved: props.onClose,
  });
  const change = (patch: Partial<LeaderboardForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    clear(Object.keys(patch));
  };
  const changePrize = (index: number, patch: Partial<PrizeForm>) => {
    setForm((current) => ({
      ...current,
      prizes: current.prizes.map((prize, at) => (at === index ? { ...prize, ...patch } : prize)),
    }));
    clear(Object.keys(patch).map((key) => `prizes.${index}.${key}`));
  };

  return (
    <EditorPanel
      title={props.board ? 'Edit leaderboard' : 'New leaderboard'}
      canWrite={props.canWrite}
      isSaving={save.isPending}
      onSubmit={() => void submit()}
      onClose={props.onClose}
    >
      <NameFields value={form} errors={errors} onChange={change} />
      <div className="field-row">
        <ChoiceField
          label="Ranks by"
          name="metric"
          errors={errors}
          value={form.metric}
          choices={(['validBet', 'missionScore'] as const).map(
            (metric) => [metric, METRIC_LABELS[metric]] as const,
          )}
          onChange={(metric) => change({ metric })}
        />
        {form.metric === 'validBet' && (
          <ChoiceField
            label="Game type"
            name="gameType"
            errors={errors}
            value={form.gameType}
            choices={GAME_TYPE_CHOICES}
            onChange={(gameType) => change({ gameType })}
          />
        )}
        <ChoiceField
          label="Period"
          name="period"
          errors={errors}
          value={form.period}
          choices={(['daily', 'weekly', 'monthly', 'fixed'] as const).map(
            (period) => [period, PERIOD_LABELS[period]] as const,
          )}
          onChange={(period) => change({ period })}
        />
      </div>
      <WindowFields
        value={form}
        errors={errors}
        endHint={form.period === 'fixed' ? 'The window’s end.' : 'Leave empty for no end.'}
        onChange={change}
      />
      <fieldset className="form-grid" aria-label="Prizes per rank">
        <legend className="field__label">Prizes per rank</legend>
        {form.prizes.map((prize, index) => (
          <PrizeRow
            // biome-ignore lint/suspicious/noArrayIndexKey: a prize is its rank, which is its place.
            key={index}
            index={index}
            prize={prize}
            errors={errors}
            canRemove={form.prizes.length > 1 && index === form.prizes.length - 1}
            onChange={(patch) => changePrize(index, patch)}
            onRemove={() => change({ prizes: form.prizes.slice(0, -1) })}
          />
        ))}
        {form.prizes.length < PRIZES_MAX && (
          <div>
            <button
              type="button"
              className="button button--small"
              onClick={() => change({ prizes: [...form.prizes, newPrizeForm()] })}
            >
              Add rank #{form.prizes.length + 1}
            </button>
          </div>
        )}
      </fieldset>
      <Check isOn={form.enabled} onChange={(enabled) => change({ enabled })}>
        Enabled: members see the leaderboard and the job closes its periods
      </Check>
    </EditorPanel>
  );
}
