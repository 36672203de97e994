import { type FormEvent, type ReactNode, useState } from 'react';
import { Field, FieldError } from '../../components/editor-fields.tsx';
import { numberHeading, TableHead } from '../../components/query-table.tsx';
import { GAME_TYPE_LABELS, labelOfCode } from '../../lib/labels.ts';
import {
  HOUSE_EDGE_BP_MAX,
  LOYALTY_GAME_TYPES,
  type LoyaltyGameType,
  percentTextOf,
  REBATE_RATE_BP_MAX,
} from '../../lib/loyalty-fields.ts';
import type { SwitchNode } from './configuration-api.ts';
import {
  CLAIM_INTERVAL_MINUTES_MAX,
  CONVERT_MULTIPLIER_MAX,
  type EarnDraft,
  EXCHANGE_ROWS_MAX,
  EXPIRY_DAYS_MAX,
  GIFT_MULTIPLIER_MAX,
  isSwitchOn,
  MANUAL_REBATE_SWITCH,
  POINT_BET_TYPES,
  type PointsDraft,
  pointsDraftOf,
  REBATE_BASIS_CHOICES,
  REVIEW_DAY_MAX,
  type RebateDraft,
  readPointsSettings,
  readRebateSettings,
  readVipSettings,
  rebateDraftOf,
  type VipDraft,
  vipDraftOf,
  WINDOW_DAYS_MAX,
} from './loyalty-settings.ts';
import { SaveButton, type SectionProps } from './section-form.tsx';

/**
 * The loyalty sections of the configuration (docs/loyalty.md): VIP, rebates and points, each
 * checked here as the server checks it and saved whole with its audit row; the server's messages
 * show beside their fields.
 */

/** The local problems of the last Save, over the server's of the last refused one. */
function useSectionErrors(props: SectionProps) {
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  return { errors: { ...props.fieldErrors, ...localErrors }, setLocalErrors };
}

/** A short text input inside a labelled field, marked invalid when its field has a message. */
function TextInput(props: {
  name: string;
  value: string;
  errors: Record<string, string>;
  onChange: (text: string) => void;
  isDisabled: boolean;
  inputMode: 'numeric' | 'decimal';
  maxLength: number;
  label?: string;
  placeholder?: string;
}) {
  return (
    <input
      inputMode={props.inputMode}
      size={Math.min(props.maxLength, 12)}
      maxLength={props.maxLength}
      value={props.value}
      placeholder={props.placeholder}
      aria-label={props.label}
      disabled={props.isDisabled}
      aria-invalid={props.errors[props.name] ? true : undefined}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

/** A labelled field of one short input. */
function InputField(props: {
  label: string;
  name: string;
  hint: string;
  value: string;
  errors: Record<string, string>;
  isDisabled: boolean;
  inputMode: 'numeric' | 'decimal';
  maxLength: number;
  onChange: (text: string) => void;
}) {
  return (
    <Field label={props.label} name={props.name} errors={props.errors} hint={props.hint}>
      <TextInput {...props} label={undefined} />
    </Field>
  );
}

/** A table cell of one input with its own message under it. */
function CellInput(props: Parameters<typeof TextInput>[0] & { label: string }) {
  return (
    <td>
      <TextInput {...props} />
      <FieldError errors={props.errors} name={props.name} />
    </td>
  );
}

function SectionForm(props: { label: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="panel form-grid"
      aria-label={props.label}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
    </form>
  );
}

/** VIP: the rolling window, the review day, and the wagering and expiry of the levels' gifts. */
export function VipSettingsForm(props: SectionProps) {
  const [draft, setDraft] = useState<VipDraft>(() => vipDraftOf(props.config.vip));
  const { errors, setLocalErrors } = useSectionErrors(props);
  const isDisabled = !props.canWrite;
  const field = (name: keyof VipDraft) => ({
    name,
    value: draft[name],
    errors,
    isDisabled,
    inputMode: 'numeric' as const,
    maxLength: 3,
    onChange: (text: string) => setDraft({ ...draft, [name]: text }),
  });

  function submit() {
    const reading = readVipSettings(draft);
    if (!reading.ok) {
      setLocalErrors(reading.errors);
      return;
    }
    setLocalErrors({});
    props.onSave(
      { section: 'vip', body: reading.settings },
      'VIP saved. The next upgrade check and review follow it.',
    );
  }

  return (
    <SectionForm label="VIP" onSubmit={submit}>
      <h2>Levels</h2>
      <p className="muted small">
        A level is reached when both its deposit and valid-bet thresholds are met within the window, and kept
        at the monthly review when its retention is met within the same window. The levels themselves are
        edited in Loyalty → VIP levels.
      </p>
      <div className="field-row">
        <InputField
          {...field('windowDays')}
          label="Window (days)"
          hint={`1 to ${WINDOW_DAYS_MAX}. Deposits and valid bets of this many merchant days count toward thresholds and retention.`}
        />
        <InputField
          {...field('reviewDay')}
          maxLength={2}
          label="Review day of the month"
          hint={`1 to ${REVIEW_DAY_MAX}, in the merchant's time zone. The review lowers members who miss their retention once their guarantee has ended, and pays the monthly bonuses.`}
        />
      </div>
      <h2>Gifts</h2>
      <p className="muted small">
        The upgrade, birthday and monthly bonuses of the levels are granted as bonuses with these terms.
      </p>
      <div className="field-row">
        <InputField
          {...field('giftMultiplier')}
          maxLength={2}
          label="Wagering multiplier"
          hint={`0 to ${GIFT_MULTIPLIER_MAX}: valid bets needed = multiplier × gift. 0 pays the gift as cash at once. Gifts never ask for more than the merchant's highest (${props.config.promotions.maxMultiplier}×, in Promotions).`}
        />
        <InputField
          {...field('giftExpiryDays')}
          label="Expiry (days)"
          hint={`1 to ${EXPIRY_DAYS_MAX} days after the gift starts.`}
        />
      </div>
      <SaveButton canWrite={props.canWrite} isSaving={props.isSaving} />
    </SectionForm>
  );
}

/**
 * Rebates: the basis, the rates and default house edges per game type, the bonus's wagering and
 * expiry, the manual claim interval and the least amount; and whether manual mode is on, which is
 * a whitelabel switch edited among the switches.
 */
export function RebateSettingsForm(props: SectionProps & { onOpenSwitches: () => void }) {
  const [draft, setDraft] = useState<RebateDraft>(() => rebateDraftOf(props.config.rebate));
  const { errors, setLocalErrors } = useSectionErrors(props);
  const isDisabled = !props.canWrite;
  const isManual = isSwitchOn(props.config.whitelabel as SwitchNode[], MANUAL_REBATE_SWITCH);
  const { maxMultiplier } = props.config.promotions;
  const field = (name: 'multiplier' | 'expiryDays' | 'claimIntervalMinutes' | 'minimumAmount') => ({
    name,
    value: draft[name],
    errors,
    isDisabled,
    inputMode: name === 'minimumAmount' ? ('decimal' as const) : ('numeric' as const),
    maxLength: name === 'minimumAmount' ? 20 : 5,
    onChange: (text: string) => setDraft({ ...draft, [name]: text }),
  });
  const rateCell = (table: 'rates' | 'houseEdges', type: LoyaltyGameType, label: string) => (
    <CellInput
      name={`${table}.${type}`}
      label={`${label}, ${labelOfCode(GAME_TYPE_LABELS, type)}`}
      value={draft[table][type]}
      errors={errors}
      isDisabled={isDisabled}
      inputMode="decimal"
      maxLength={6}
      placeholder="None"
      onChange={(text) => setDraft({ ...draft, [table]: { ...draft[table], [type]: text } })}
    />
  );

  function submit() {
    const reading = readRebateSettings(draft, { maxMultiplier });
    if (!reading.ok) {
      setLocalErrors(reading.errors);
      return;
    }
    setLocalErrors({});
    props.onSave(
      { section: 'rebate', body: reading.settings },
      'Rebates saved. The next day paid and the next claim follow them.',
    );
  }

  return (
    <SectionForm label="Rebates" onSubmit={submit}>
      <h2>Basis</h2>
      <fieldset className="field">
        <legend className="field__label">Rebates are paid on</legend>
        {REBATE_BASIS_CHOICES.map(([basis, words]) => (
          <label key={basis} className="check">
            <input
              type="radio"
              name="rebate-basis"
              value={basis}
              checked={draft.basis === basis}
              disabled={isDisabled}
              onChange={() => setDraft({ ...draft, basis })}
            />
            {words}
          </label>
        ))}
        <span className="muted small">
          Valid bet pays the rate on each bet record's valid bet. Theoretical loss pays it on valid bet × the
          game's house edge (the game's own edge, else the default below for its game type, else nothing),
          which stops members farming rebates on low-edge games, where wagering a lot costs them almost
          nothing.
        </span>
      </fieldset>
      <h2>Rates per game type</h2>
      <p className="muted small">
        Percent: 0.5 is 0.50 %. Rates up to {percentTextOf(REBATE_RATE_BP_MAX)}, house edges up to{' '}
        {percentTextOf(HOUSE_EDGE_BP_MAX)}; blank is none. A member's VIP level may set a rate of its own for
        a game type, which replaces this one. The default house edges count only on theoretical loss.
      </p>
      <div className="table-wrap">
        <table className="table" data-testid="rebate-rates">
          <TableHead headings={['Game type', 'Rebate rate (%)', 'Default house edge (%)']} />
          <tbody>
            {LOYALTY_GAME_TYPES.map((type) => (
              <tr key={type}>
                <td>{labelOfCode(GAME_TYPE_LABELS, type)}</td>
                {rateCell('rates', type, 'Rebate rate')}
                {rateCell('houseEdges', type, 'Default house edge')}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>The bonus paid</h2>
      <div className="field-row">
        <InputField
          {...field('multiplier')}
          maxLength={2}
          label="Wagering multiplier"
          hint={`0 to ${Math.min(GIFT_MULTIPLIER_MAX, maxMultiplier)} (the merchant's highest, in Promotions): valid bets needed = multiplier × rebate. 0 pays it as cash at once.`}
        />
        <InputField
          {...field('expiryDays')}
          maxLength={3}
          label="Expiry (days)"
          hint={`1 to ${EXPIRY_DAYS_MAX} days after it starts.`}
        />
        <InputField
          {...field('minimumAmount')}
          label="Least amount paid"
          hint="A day's or a claim's rebate below it is not paid."
        />
      </div>
      <h2>Manual claiming</h2>
      <p data-testid="manual-rebate-mode">
        Manual mode is <strong>{isManual ? 'on' : 'off'}</strong>:{' '}
        {isManual
          ? 'members see what accrued since their last claim on the rebate page and claim it themselves.'
          : "the daily job pays each member's rebate for the merchant's closed day."}{' '}
        <span className="muted small">
          It is the whitelabel switch <span className="mono">{MANUAL_REBATE_SWITCH}</span>, edited among the{' '}
          <button className="button button--quiet button--small" type="button" onClick={props.onOpenSwitches}>
            Switches
          </button>
        </span>
      </p>
      <div className="field-row">
        <InputField
          {...field('claimIntervalMinutes')}
          label="Least time between claims (minutes)"
          hint={`1 to ${CLAIM_INTERVAL_MINUTES_MAX.toLocaleString('en-PH')} (30 days). Manual mode only.`}
        />
      </div>
      <SaveButton canWrite={props.canWrite} isSaving={props.isSaving} />
    </SectionForm>
  );
}

/**
 * Points: earning per point type and per deposit, the exchange-rate table, and the conversion's
 * wagering, expiry and least points.
 */
export function PointsSettingsForm(props: SectionProps) {
  const [draft, setDraft] = useState<PointsDraft>(() => pointsDraftOf(props.config.points));
  const { maxMultiplier } = props.config.promotions;
  const { errors, setLocalErrors } = useSectionErrors(props);
  const isDisabled = !props.canWrite;
  const earnCells = (prefix: string, rule: EarnDraft, label: string, onChange: (rule: EarnDraft) => void) => (
    <>
      <CellInput
        name={`${prefix}.per`}
        label={`${label}: pesos per step`}
        value={rule.per}
        errors={errors}
        isDisabled={isDisabled}
        inputMode="decimal"
        maxLength={20}
        placeholder="None"
        onChange={(per) => onChange({ ...rule, per })}
      />
      <CellInput
        name={`${prefix}.points`}
        label={`${label}: points per step`}
        value={rule.points}
        errors={errors}
        isDisabled={isDisabled}
        inputMode="numeric"
        maxLength={7}
        placeholder="None"
        onChange={(points) => onChange({ ...rule, points })}
      />
    </>
  );
  const changeExchange = (index: number, patch: Partial<PointsDraft['exchange'][number]>) =>
    setDraft({
      ...draft,
      exchange: draft.exchange.map((row, at) => (at === index ? { ...row, ...patch } : row)),
    });
  const field = (name: 'convertMultiplier' | 'convertExpiryDays' | 'minConvertPoints') => ({
    name,
    value: draft[name],
    errors,
    isDisabled,
    inputMode: 'numeric' as const,
    maxLength: name === 'minConvertPoints' ? 10 : 3,
    onChange: (text: string) => setDraft({ ...draft, [name]: text }),
  });

  function submit() {
    const reading = readPointsSettings(draft, { maxMultiplier });
    if (!reading.ok) {
      setLocalErrors(reading.errors);
      return;
    }
    setLocalErrors({});
    props.onSave(
      { section: 'points', body: reading.settings },
      'Points saved. Earning and conversions follow them from now.',
    );
  }

  return (
    <SectionForm label="Points" onSubmit={submit}>
      <h2>Earning</h2>
      <p className="muted small">
        Points for each whole step of valid bet (per day and game type) or of a deposit, before the member's
        VIP multiplier: 100 and 1 earn 1 point per ₱100. Both blank: that type earns nothing. Points already
        earned are kept.
      </p>
      <div className="table-wrap">
        <table className="table" data-testid="points-earning">
          <TableHead headings={['Earned on', numberHeading('Step (₱)'), numberHeading('Points per step')]} />
          <tbody>
            {POINT_BET_TYPES.map(([type, words]) => (
              <tr key={type}>
                <td>Valid bet: {words}</td>
                {earnCells(`earn.${type}`, draft.earn[type], words, (rule) =>
                  setDraft({ ...draft, earn: { ...draft.earn, [type]: rule } }),
                )}
              </tr>
            ))}
            <tr>
              <td>Each deposit</td>
              {earnCells('deposit', draft.deposit, 'Deposits', (deposit) => setDraft({ ...draft, deposit }))}
            </tr>
          </tbody>
        </table>
      </div>
      <h2>Exchange rates</h2>
      <p className="muted small">
        A conversion of points uses the row with the most points at or below the number converted: from that
        many points, each 100 points give the amount. Rows rise by their points; at most {EXCHANGE_ROWS_MAX}.
        Without a row members cannot convert.
      </p>
      <div className="table-wrap">
        <table className="table" data-testid="points-exchange">
          <TableHead
            headings={[numberHeading('From (points)'), numberHeading('Amount per 100 points (₱)'), '']}
          />
          <tbody>
            {draft.exchange.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's place is its identity while it is edited.
              <tr key={index}>
                <CellInput
                  name={`exchange.${index}.from`}
                  label={`Row ${index + 1}: from points`}
                  value={row.from}
                  errors={errors}
                  isDisabled={isDisabled}
                  inputMode="numeric"
                  maxLength={13}
                  onChange={(from) => changeExchange(index, { from })}
                />
                <CellInput
                  name={`exchange.${index}.amount`}
                  label={`Row ${index + 1}: amount per 100 points`}
                  value={row.amount}
                  errors={errors}
                  isDisabled={isDisabled}
                  inputMode="decimal"
                  maxLength={20}
                  onChange={(amount) => changeExchange(index, { amount })}
                />
                <td>
                  <button
                    className="button button--quiet button--small"
                    type="button"
                    disabled={isDisabled}
                    aria-label={`Remove row ${index + 1}`}
                    onClick={() =>
                      setDraft({ ...draft, exchange: draft.exchange.filter((_, at) => at !== index) })
                    }
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {errors.exchange && (
        <span className="field__error" role="alert" data-field-error="exchange">
          {errors.exchange}
        </span>
      )}
      <div>
        <button
          className="button button--quiet button--small"
          type="button"
          disabled={isDisabled || draft.exchange.length >= EXCHANGE_ROWS_MAX}
          onClick={() => setDraft({ ...draft, exchange: [...draft.exchange, { from: '', amount: '' }] })}
        >
          Add a row
        </button>
      </div>
      <h2>Conversion</h2>
      <div className="field-row">
        <InputField
          {...field('convertMultiplier')}
          label="Wagering multiplier"
          hint={`1 to ${Math.min(CONVERT_MULTIPLIER_MAX, maxMultiplier)} (the merchant's highest, in Promotions): valid bets needed = multiplier × amount. At least 1×, so that depositing, converting and withdrawing without play earns nothing.`}
        />
        <InputField
          {...field('convertExpiryDays')}
          label="Expiry (days)"
          hint={`1 to ${EXPIRY_DAYS_MAX} days after the bonus starts.`}
        />
        <InputField
          {...field('minConvertPoints')}
          label="Least points converted"
          hint="A member converts at least this many points at once."
        />
      </div>
      <SaveButton canWrite={props.canWrite} isSaving={props.isSaving} />
    </SectionForm>
  );
}
