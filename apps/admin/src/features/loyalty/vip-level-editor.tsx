import { type FormEvent, useState } from 'react';
import { Field, FieldError, fieldErrorsOf, LocalizedFields } from '../../components/editor-fields.tsx';
import { TableHead } from '../../components/query-table.tsx';
import { failureNotice, type Notice } from '../../components/row-editor.tsx';
import { GAME_TYPE_LABELS, labelOfCode } from '../../lib/labels.ts';
import { LOYALTY_GAME_TYPES, percentTextOf, REBATE_RATE_BP_MAX } from '../../lib/loyalty-fields.ts';
import { type OperatorVipLevel, uploadBadgeImage, useVipLevelChange } from './loyalty-api.ts';
import {
  GUARANTEED_DAYS_MAX,
  LABEL_LENGTH_MAX,
  type LevelAmountField,
  levelDraftOf,
  NAME_LENGTH_MAX,
  newLevelDraft,
  RANK_MAX,
  readLevelDraft,
  type VipLevelDraft,
  WITHDRAW_COUNT_MAX,
} from './vip-level-form.ts';

/**
 * A VIP level's form (docs/loyalty.md "VIP"): its rank, names, label and badge; what reaching and
 * keeping it asks for over the merchant's window; its guarantee; its gifts; and its benefits
 * (rebate rates, withdrawal limits, points multiplier). Checked here first; the server's messages
 * show beside their fields.
 */
export function VipLevelEditor(props: {
  merchantId: string;
  /** The level being edited, or null for a new one. */
  level: OperatorVipLevel | null;
  levels: readonly OperatorVipLevel[];
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
  onClose: () => void;
}) {
  const change = useVipLevelChange();
  const [draft, setDraft] = useState<VipLevelDraft>(() =>
    props.level ? levelDraftOf(props.level) : newLevelDraft(props.levels),
  );
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [isUploading, setIsUploading] = useState(false);
  const errors = { ...fieldErrorsOf(change.error), ...localErrors };
  const isDisabled = !props.canWrite;
  const set = (patch: Partial<VipLevelDraft>) => setDraft({ ...draft, ...patch });
  const others = props.levels.filter((level) => level.id !== props.level?.id);
  const isHeld = (props.level?.holders ?? 0) > 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const reading = readLevelDraft(draft, others);
    if (!reading.ok) {
      setLocalErrors(reading.errors);
      return;
    }
    setLocalErrors({});
    props.onNotice(null);
    try {
      await change.mutateAsync({
        kind: 'save',
        id: props.level?.id ?? null,
        merchantId: props.merchantId,
        body: reading.body,
      });
      props.onNotice({
        tone: 'success',
        title: `${reading.body.label} ${props.level ? 'saved' : 'added'}. Upgrades follow it within a minute.`,
      });
      props.onClose();
    } catch (error) {
      props.onNotice(failureNotice(error));
    }
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    setIsUploading(true);
    try {
      set({ badgeUrl: (await uploadBadgeImage(props.merchantId, file)).url });
    } catch (error) {
      props.onNotice(failureNotice(error));
    } finally {
      setIsUploading(false);
    }
  }

  const amountField = (name: LevelAmountField, label: string, hint?: string) => (
    <Field label={label} name={name} errors={errors} hint={hint}>
      <input
        inputMode="decimal"
        size={12}
        maxLength={20}
        value={draft[name]}
        aria-invalid={errors[name] ? true : undefined}
        onChange={(event) => set({ [name]: event.target.value })}
      />
    </Field>
  );

  return (
    <form
      className="panel form-grid vip-level-editor"
      onSubmit={(event) => void submit(event)}
      aria-label={props.level ? `Edit ${props.level.label}` : 'New VIP level'}
      noValidate
    >
      <h2>{props.level ? `${props.level.label}: edit the level` : 'A new VIP level'}</h2>
      <fieldset className="form-grid" disabled={isDisabled}>
        <div className="field-row">
          <Field
            label="Rank"
            name="rank"
            errors={errors}
            hint={isHeld ? 'Members hold this level: it keeps its rank.' : `1 (the lowest) to ${RANK_MAX}`}
          >
            <input
              inputMode="numeric"
              size={4}
              maxLength={2}
              disabled={isHeld}
              value={draft.rank}
              aria-invalid={errors.rank ? true : undefined}
              onChange={(event) => set({ rank: event.target.value })}
            />
          </Field>
          <Field label="Label" name="label" errors={errors} hint="Shown in the member's header: VIP3">
            <input
              size={10}
              maxLength={LABEL_LENGTH_MAX}
              value={draft.label}
              aria-invalid={errors.label ? true : undefined}
              onChange={(event) => set({ label: event.target.value })}
            />
          </Field>
        </div>
        <LocalizedFields
          label="Name"
          name="names"
          value={draft.names}
          onChange={(names) => set({ names })}
          errors={errors}
          maxLength={NAME_LENGTH_MAX}
        />
        <div className="image-slot vip-level-editor__badge">
          <Field
            label="Badge"
            name="badgeUrl"
            errors={errors}
            hint="PNG, JPEG or WebP, square, at most 512 KB."
          >
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              onChange={(event) => void upload(event.target.files?.[0])}
            />
          </Field>
          {isUploading && <span className="muted small">Uploading…</span>}
          {draft.badgeUrl && (
            <>
              <img
                className="vip-badge vip-badge--large"
                src={draft.badgeUrl}
                alt={`Badge of ${draft.label}`}
              />
              <button
                className="button button--quiet button--small"
                type="button"
                onClick={() => set({ badgeUrl: '' })}
              >
                Remove the badge
              </button>
            </>
          )}
        </div>

        <h3>Reaching the level</h3>
        <p className="muted small">
          Both within the merchant's window (Configuration → VIP). A higher rank asks for as much or more. 0:
          nothing asked.
        </p>
        <div className="field-row">
          {amountField('deposit', 'Deposits at least (₱)')}
          {amountField('validBet', 'Valid bet at least (₱)')}
        </div>
        <h3>Keeping it</h3>
        <div className="field-row">
          {amountField('keepDeposit', 'Deposits at least (₱)', 'Checked at the monthly review.')}
          {amountField('keepValidBet', 'Valid bet at least (₱)', 'Checked at the monthly review.')}
          <Field
            label="Guaranteed (days)"
            name="guaranteedDays"
            errors={errors}
            hint={`0 to ${GUARANTEED_DAYS_MAX}: after reaching the level, no review lowers the member for this long.`}
          >
            <input
              inputMode="numeric"
              size={4}
              maxLength={3}
              value={draft.guaranteedDays}
              aria-invalid={errors.guaranteedDays ? true : undefined}
              onChange={(event) => set({ guaranteedDays: event.target.value })}
            />
          </Field>
        </div>

        <h3>Gifts</h3>
        <p className="muted small">
          Bonuses with the gifts' wagering and expiry (Configuration → VIP); 0: none.
        </p>
        <div className="field-row">
          {amountField(
            'upgradeBonus',
            'Upgrade bonus (₱)',
            'Once, the first time a member reaches the rank.',
          )}
          {amountField('birthdayBonus', 'Birthday bonus (₱)', "In the member's birthday month.")}
          {amountField('monthlyBonus', 'Monthly bonus (₱)', 'On the review day.')}
        </div>

        <h3>Rebate rates</h3>
        <p className="muted small">
          Percent, up to {percentTextOf(REBATE_RATE_BP_MAX)}. A rate here replaces the merchant's for that
          game type; blank: the merchant's rate.
        </p>
        <div className="table-wrap">
          <table className="table" data-testid="vip-level-rates">
            <TableHead headings={['Game type', 'Rebate rate (%)']} />
            <tbody>
              {LOYALTY_GAME_TYPES.map((type) => (
                <tr key={type}>
                  <td>{labelOfCode(GAME_TYPE_LABELS, type)}</td>
                  <td>
                    <input
                      inputMode="decimal"
                      size={6}
                      maxLength={6}
                      placeholder="Merchant's"
                      aria-label={`Rebate rate, ${labelOfCode(GAME_TYPE_LABELS, type)}`}
                      value={draft.rebateRates[type]}
                      aria-invalid={errors[`rebateRates.${type}`] ? true : undefined}
                      onChange={(event) =>
                        set({ rebateRates: { ...draft.rebateRates, [type]: event.target.value } })
                      }
                    />
                    <FieldError errors={errors} name={`rebateRates.${type}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <h3>Withdrawals and points</h3>
        <div className="field-row">
          <Field
            label="Withdrawals per day"
            name="withdrawCountDay"
            errors={errors}
            hint={`0 to ${WITHDRAW_COUNT_MAX} per merchant day; blank: no limit of the level's own.`}
          >
            <input
              inputMode="numeric"
              size={6}
              maxLength={4}
              placeholder="No limit"
              value={draft.withdrawCountDay}
              aria-invalid={errors.withdrawCountDay ? true : undefined}
              onChange={(event) => set({ withdrawCountDay: event.target.value })}
            />
          </Field>
          <Field
            label="Withdrawn per day (₱)"
            name="withdrawAmountDay"
            errors={errors}
            hint="In all per merchant day; blank: no limit of the level's own."
          >
            <input
              inputMode="decimal"
              size={12}
              maxLength={20}
              placeholder="No limit"
              value={draft.withdrawAmountDay}
              aria-invalid={errors.withdrawAmountDay ? true : undefined}
              onChange={(event) => set({ withdrawAmountDay: event.target.value })}
            />
          </Field>
          <Field
            label="Points multiplier (×)"
            name="pointsMultiplier"
            errors={errors}
            hint="0.00 to 10.00: points earned are multiplied by it."
          >
            <input
              inputMode="decimal"
              size={6}
              maxLength={6}
              value={draft.pointsMultiplier}
              aria-invalid={errors.pointsMultiplier ? true : undefined}
              onChange={(event) => set({ pointsMultiplier: event.target.value })}
            />
          </Field>
        </div>
      </fieldset>
      <div className="form-grid__actions">
        <button className="button button--quiet" type="button" onClick={props.onClose}>
          {props.canWrite ? 'Cancel' : 'Close'}
        </button>
        {props.canWrite && (
          <button className="button button--primary" type="submit" disabled={change.isPending || isUploading}>
            {change.isPending ? 'Saving…' : 'Save'}
          </button>
        )}
      </div>
    </form>
  );
}
