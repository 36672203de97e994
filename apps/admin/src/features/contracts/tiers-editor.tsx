import type { ReactNode } from 'react';
import { labelOfCode } from '../../lib/labels.ts';
import { BASE_LABELS } from './contract-labels.ts';
import { type ContractKind, EMPTY_TIER_DRAFT, formatRate, type TierDraft } from './contract-terms.ts';

/**
 * A contract's terms as the operator types them: one line a tier (active members, the base's minimum
 * and the rate in percent), each field with its message under it, lines added up to `maxTiers` and
 * removed. The messages are those of `checkTiers` and the server's, keyed `tiers.<index>.<field>`.
 */
export function TiersEditor(props: {
  kind: ContractKind;
  value: readonly TierDraft[];
  onChange: (next: TierDraft[]) => void;
  errors: Record<string, string>;
  maxTiers: number;
  maxRateBp: number;
  /** What the rate is capped by, for the hint: "the template's maximum". */
  capWords: string;
  isDisabled?: boolean;
}) {
  const { value, errors } = props;
  const change = (index: number, field: keyof TierDraft, text: string) =>
    props.onChange(value.map((tier, at) => (at === index ? { ...tier, [field]: text } : tier)));
  return (
    <fieldset className="tiers" disabled={props.isDisabled}>
      <legend className="field__label">Tiers</legend>
      <p className="muted small">
        A tier is met when the cycle's active members and {labelOfCode(BASE_LABELS, props.kind).toLowerCase()}{' '}
        reach its minimums; the highest rate among the tiers met applies. Rates at most{' '}
        {formatRate(props.maxRateBp)} ({props.capWords}); at most {props.maxTiers}{' '}
        {props.maxTiers === 1 ? 'tier' : 'tiers'}.
      </p>
      {value.map((tier, index) => {
        const at = (field: string) => `tiers.${index}.${field}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a tier's place is its identity while it is edited.
          <fieldset key={index} className="tiers__line" aria-label={`Tier ${index + 1}`}>
            <span className="tiers__number muted small">{index + 1}</span>
            <TierField label="Active members at least" name={at('activeMembers')} errors={errors}>
              <input
                inputMode="numeric"
                maxLength={7}
                value={tier.activeMembers}
                aria-invalid={errors[at('activeMembers')] ? true : undefined}
                onChange={(event) => change(index, 'activeMembers', event.target.value)}
              />
            </TierField>
            <TierField
              label={`${labelOfCode(BASE_LABELS, props.kind)} at least (₱)`}
              name={at('minBase')}
              errors={errors}
            >
              <input
                inputMode="decimal"
                maxLength={20}
                value={tier.minBase}
                aria-invalid={errors[at('minBase')] ? true : undefined}
                onChange={(event) => change(index, 'minBase', event.target.value)}
              />
            </TierField>
            <TierField label="Rate (%)" name={at('rateBp')} errors={errors}>
              <input
                inputMode="decimal"
                maxLength={6}
                value={tier.ratePercent}
                placeholder={`up to ${formatRate(props.maxRateBp)}`}
                aria-invalid={errors[at('rateBp')] ? true : undefined}
                onChange={(event) => change(index, 'ratePercent', event.target.value)}
              />
            </TierField>
            <button
              className="button button--quiet button--small tiers__remove"
              type="button"
              aria-label={`Remove tier ${index + 1}`}
              onClick={() => props.onChange(value.filter((_, at) => at !== index))}
            >
              Remove
            </button>
          </fieldset>
        );
      })}
      <OwnError errors={errors} name="tiers" />
      <div>
        <button
          className="button button--quiet button--small"
          type="button"
          disabled={value.length >= props.maxTiers}
          onClick={() => props.onChange([...value, EMPTY_TIER_DRAFT])}
        >
          Add a tier
        </button>
      </div>
    </fieldset>
  );
}

/** One field of a tier: its label, the input and only its own message (not its neighbours'). */
function TierField(props: {
  label: string;
  name: string;
  errors: Record<string, string>;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the children, inside this label.
    <label className="field">
      <span className="field__label small">{props.label}</span>
      {props.children}
      <OwnError errors={props.errors} name={props.name} />
    </label>
  );
}

/** The message keyed exactly `name`: the list's own, without its tiers' (FieldError shows those too). */
function OwnError({ errors, name }: { errors: Record<string, string>; name: string }) {
  const message = errors[name];
  return message ? (
    <span className="field__error" role="alert" data-field-error={name}>
      {message}
    </span>
  ) : null;
}
