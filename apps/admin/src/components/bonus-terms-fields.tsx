import { BONUS_GAME_TYPES, EXPIRY_DAYS_MAX, SPIN_LINES_MAX, type TermsDraft } from '../lib/bonus-terms.ts';
import { GAME_TYPE_LABELS, labelOfCode } from '../lib/labels.ts';
import { Check, Field } from './editor-fields.tsx';

/**
 * A bonus's terms typed field by field (a promotion's terms, a bonus granted by hand): the
 * multiplier up to the merchant's highest, whether the deposit counts, each game type's share of
 * valid bet in percent, the largest stake, the days it lasts, the most that turns into cash, and
 * the smallest slot spin (stake and lines) that counts.
 * Problems show beside their fields under `prefix` (the wire's path of the terms).
 */
export function BonusTermsFields(props: {
  value: TermsDraft;
  onChange: (terms: TermsDraft) => void;
  errors: Record<string, string>;
  maxMultiplier: number;
  prefix: string;
  /** Whether the terms may count a deposit (a deposit bonus's); elsewhere there is none. */
  offersIncludeDeposit: boolean;
  isDisabled?: boolean;
}) {
  const { value, prefix, errors } = props;
  const change = (patch: Partial<TermsDraft>) => props.onChange({ ...value, ...patch });
  return (
    <fieldset className="terms-fields" disabled={props.isDisabled}>
      <legend className="field__label">Bonus terms</legend>
      <div className="field-row">
        <Field
          label="Wagering multiplier"
          name={`${prefix}.multiplier`}
          errors={errors}
          hint={`0 to ${props.maxMultiplier}: valid bets needed = multiplier × bonus${props.offersIncludeDeposit ? ' (and deposit, if ticked)' : ''}.`}
        >
          <input
            inputMode="numeric"
            size={4}
            maxLength={3}
            value={value.multiplier}
            aria-invalid={errors[`${prefix}.multiplier`] ? true : undefined}
            onChange={(event) => change({ multiplier: event.target.value })}
          />
        </Field>
        <Field
          label="Expiry (days)"
          name={`${prefix}.expiryDays`}
          errors={errors}
          hint={`1 to ${EXPIRY_DAYS_MAX}`}
        >
          <input
            inputMode="numeric"
            size={4}
            maxLength={3}
            value={value.expiryDays}
            aria-invalid={errors[`${prefix}.expiryDays`] ? true : undefined}
            onChange={(event) => change({ expiryDays: event.target.value })}
          />
        </Field>
        <Field label="Maximum stake" name={`${prefix}.maxStake`} errors={errors} hint="Blank: no limit">
          <input
            inputMode="decimal"
            size={10}
            maxLength={20}
            placeholder="No limit"
            value={value.maxStake}
            aria-invalid={errors[`${prefix}.maxStake`] ? true : undefined}
            onChange={(event) => change({ maxStake: event.target.value })}
          />
        </Field>
        <Field
          label="Maximum conversion"
          name={`${prefix}.maxConversion`}
          errors={errors}
          hint="Blank: no limit; above it goes back to the house"
        >
          <input
            inputMode="decimal"
            size={10}
            maxLength={20}
            placeholder="No limit"
            value={value.maxConversion}
            aria-invalid={errors[`${prefix}.maxConversion`] ? true : undefined}
            onChange={(event) => change({ maxConversion: event.target.value })}
          />
        </Field>
      </div>
      <fieldset className="terms-fields__spins">
        <legend className="field__label">Slot spins: minimum stake per spin, minimum lines</legend>
        <div className="field-row">
          <Field
            label="Minimum stake per spin"
            name={`${prefix}.minSpinStake`}
            errors={errors}
            hint="Blank: any stake"
          >
            <input
              inputMode="decimal"
              size={10}
              maxLength={20}
              placeholder="Any stake"
              value={value.minSpinStake}
              aria-invalid={errors[`${prefix}.minSpinStake`] ? true : undefined}
              onChange={(event) => change({ minSpinStake: event.target.value })}
            />
          </Field>
          <Field
            label="Minimum lines"
            name={`${prefix}.minSpinLines`}
            errors={errors}
            hint={`Blank: any lines; 1 to ${SPIN_LINES_MAX}`}
          >
            <input
              inputMode="numeric"
              size={5}
              maxLength={4}
              placeholder="Any lines"
              value={value.minSpinLines}
              aria-invalid={errors[`${prefix}.minSpinLines`] ? true : undefined}
              onChange={(event) => change({ minSpinLines: event.target.value })}
            />
          </Field>
        </div>
        <span className="muted small">
          A slot spin below either counts nothing toward wagering, and one whose lines are not known counts
          nothing under a lines rule. Other games are not affected.
        </span>
      </fieldset>
      {props.offersIncludeDeposit && (
        <Check isOn={value.includeDeposit} onChange={(includeDeposit) => change({ includeDeposit })}>
          The deposit counts in the wagering (multiplier × (bonus + deposit))
        </Check>
      )}
      <fieldset className="terms-fields__contributions">
        <legend className="field__label">Share of valid bet counted toward wagering (%)</legend>
        <div className="terms-fields__grid">
          {BONUS_GAME_TYPES.map((type) => (
            <Field
              key={type}
              label={labelOfCode(GAME_TYPE_LABELS, type)}
              name={`${prefix}.contributions.${type}`}
              errors={errors}
            >
              <input
                inputMode="decimal"
                size={6}
                maxLength={6}
                value={value.contributions[type]}
                aria-invalid={errors[`${prefix}.contributions.${type}`] ? true : undefined}
                onChange={(event) =>
                  change({ contributions: { ...value.contributions, [type]: event.target.value } })
                }
              />
            </Field>
          ))}
        </div>
        {errors[`${prefix}.contributions`] && (
          <span className="field__error" role="alert">
            {errors[`${prefix}.contributions`]}
          </span>
        )}
      </fieldset>
    </fieldset>
  );
}
