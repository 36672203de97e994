import { type FormEvent, useMemo, useState } from 'react';
import { BonusTermsFields } from '../../components/bonus-terms-fields.tsx';
import type { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import {
  Check,
  CodeSelectField,
  Field,
  FieldError,
  fieldErrorsOf,
  isoOrNull,
  LocalizedFields,
  TEXT_LANGUAGES,
  toLocalInput,
} from '../../components/editor-fields.tsx';
import { failureNotice, type Notice } from '../../components/row-editor.tsx';
import { BONUS_GAME_TYPES, SPIN_LINES_MAX } from '../../lib/bonus-terms.ts';
import { formatDateTime } from '../../lib/format.ts';
import { GAME_TYPE_LABELS, labelOfCode } from '../../lib/labels.ts';
import {
  AUDIENCE_AGENTS_MAX,
  CLAIM_DAYS_MAX,
  CONTENT_LENGTH_MAX,
  DEPOSIT_PERCENT_MAX,
  type DepositWhich,
  DRAW_DELAY_MINUTES_MAX,
  draftOfPromotion,
  GRANTS_PER_MEMBER_MAX,
  grantsBonus,
  MAX_TICKETS_MAX,
  newPromotionDraft,
  type PickedAgent,
  PRIZE_TIERS_MAX,
  PRIZES_MAX,
  type PromotionDraft,
  previewOfDraft,
  prizePlacesOf,
  readPromotionDraft,
  TITLE_LENGTH_MAX,
  typedPrizeCountOf,
  withPrizeTierAdded,
  withPrizeTierRemoved,
} from './promotion-form.ts';
import {
  AUDIENCE_LABELS,
  AUDIENCES,
  PROMOTION_KIND_HINTS,
  PROMOTION_KIND_LABELS,
  PROMOTION_KINDS,
  PROMOTION_STATUS_LABELS,
  PROMOTION_TYPE_LABELS,
  PROMOTION_TYPES,
  RAFFLE_STATUS_LABELS,
  statusBadgeClass,
  TICKET_BY,
  TICKET_BY_LABELS,
} from './promotion-labels.ts';
import { PromotionPreview } from './promotion-preview.tsx';
import {
  findAgentByAccount,
  type Promotion,
  storedPromotionOf,
  uploadPromotionImage,
  usePromotionStatusChange,
  useSavePromotion,
} from './promotions-api.ts';

const labelled = <Code extends string>(codes: readonly Code[], labels: Record<string, string>) =>
  codes.map((code) => [code, labelOfCode(labels, code)] as const);

const WHICH_CHOICES = [
  ['first', 'The member’s first deposit'],
  ['nth', 'The member’s nth deposit'],
  ['any', 'Any deposit after joining'],
] as const satisfies ReadonlyArray<readonly [DepositWhich, string]>;

/**
 * The promotion builder: every field of a promotion beside a live preview of what players will
 * see, the server's messages beside the fields they name, and publishing or withdrawing (asked
 * first) once what is on screen is saved.
 */
export function PromotionBuilder(props: {
  merchantId: string;
  /** The promotion being edited, or null for a new one. */
  promotion: Promotion | null;
  /** The agents of its audience, with their accounts. */
  audienceAgents: readonly PickedAgent[];
  canWrite: boolean;
  maxMultiplier: number;
  nowMs: number;
  confirm: ReturnType<typeof useConfirmedAction>;
  /**
   * The page's notice (shown above the tabs), where the outcome of a save stays while the saved
   * promotion opens again from the server's answer.
   */
  onNotice: (notice: Notice) => void;
  onSaved: (promotion: Promotion) => void;
  onClose: () => void;
  /** Opens the raffle's panel (its draw and winners); given for a stored raffle. */
  onOpenRaffle?: () => void;
}) {
  const { promotion } = props;
  // A withdrawn promotion is closed for good: it can be read, not changed.
  const canWrite = props.canWrite && promotion?.status !== 'withdrawn';
  const initial = useMemo(
    () =>
      promotion
        ? draftOfPromotion(storedPromotionOf(promotion, props.audienceAgents), toLocalInput)
        : newPromotionDraft(toLocalInput(new Date(props.nowMs).toISOString())),
    [promotion, props.audienceAgents, props.nowMs],
  );
  const [draft, setDraft] = useState<PromotionDraft>(initial);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const setNotice = props.onNotice;
  const save = useSavePromotion();
  const statusChange = usePromotionStatusChange();
  const errors = { ...fieldErrorsOf(save.error), ...localErrors };
  const isDirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const isPublished = promotion?.status === 'published';
  const change = (patch: Partial<PromotionDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const preview = previewOfDraft(draft, isoOrNull);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const reading = readPromotionDraft(draft, { maxMultiplier: props.maxMultiplier, isoOf: isoOrNull });
    if (!reading.ok) {
      setLocalErrors(reading.errors);
      setNotice({ tone: 'danger', title: 'Some fields need attention: see the messages beside them.' });
      return;
    }
    setLocalErrors({});
    try {
      const saved = await save.mutateAsync({
        id: promotion?.id ?? null,
        merchantId: props.merchantId,
        body: reading.body,
      });
      setNotice({
        tone: 'success',
        title: promotion ? 'Promotion saved.' : 'Draft saved: players do not see it until you publish it.',
      });
      props.onSaved(saved);
    } catch (error) {
      setNotice(failureNotice(error));
    }
  }

  function askStatusChange(action: 'publish' | 'withdraw') {
    if (!promotion) return;
    const isPublish = action === 'publish';
    props.confirm.ask({
      title: isPublish ? 'Publish this promotion?' : 'Withdraw this promotion?',
      confirmLabel: isPublish ? 'Publish' : 'Withdraw',
      tone: isPublish ? 'primary' : 'danger',
      facts: [
        ['Promotion', draft.title.TY || draft.title.EN || promotion.id],
        ['Kind', labelOfCode(PROMOTION_KIND_LABELS, draft.kind)],
        ['Schedule', `${formatDateTime(promotion.startsAt)} – ${formatDateTime(promotion.endsAt, 'no end')}`],
        [
          'Effect',
          isPublish
            ? 'Players of its audience see it in the promotions list from its start, and may take part.'
            : 'It closes at once: players can no longer join, claim or apply. Bonuses already granted keep running.',
        ],
      ],
      run: async () => {
        const saved = await statusChange.mutateAsync({ id: promotion.id, action });
        props.onSaved(saved);
      },
      doneText: isPublish ? 'Promotion published.' : 'Promotion withdrawn: it is closed to players.',
    });
  }

  return (
    <div className="promotion-builder">
      <form className="promotion-builder__form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <div className="panel__heading">
          <h2>
            {promotion ? 'Edit promotion' : 'New promotion'}{' '}
            {promotion && (
              <span className={statusBadgeClass(promotion.status)}>
                {labelOfCode(PROMOTION_STATUS_LABELS, promotion.status)}
              </span>
            )}
          </h2>
          <div className="promotion-builder__actions">
            {canWrite && promotion?.status === 'draft' && (
              <button
                type="button"
                className="button button--primary"
                disabled={isDirty || props.confirm.isSending}
                title={isDirty ? 'Save your changes first' : undefined}
                onClick={() => askStatusChange('publish')}
              >
                Publish…
              </button>
            )}
            {canWrite && isPublished && (
              <button
                type="button"
                className="button button--danger"
                disabled={props.confirm.isSending}
                onClick={() => askStatusChange('withdraw')}
              >
                Withdraw…
              </button>
            )}
            {props.onOpenRaffle && promotion?.kind === 'raffle' && (
              <button type="button" className="button button--quiet" onClick={props.onOpenRaffle}>
                Draw and winners
              </button>
            )}
            <button type="button" className="button button--quiet" onClick={props.onClose}>
              Back to the list
            </button>
          </div>
        </div>
        {isDirty && promotion?.status === 'draft' && canWrite && (
          <p className="muted small">Save your changes before publishing.</p>
        )}
        {promotion?.status === 'withdrawn' && (
          <p className="muted small">
            Withdrawn: closed to players for good. It can be read here, not changed.
          </p>
        )}
        <fieldset className="panel form-grid" disabled={!canWrite}>
          <h3 className="panel__heading">What it is</h3>
          <div className="field-row">
            <CodeSelectField
              label="Tab (type)"
              name="type"
              errors={errors}
              value={draft.type}
              codes={labelled(PROMOTION_TYPES, PROMOTION_TYPE_LABELS)}
              onChange={(type) => change({ type })}
            />
            <CodeSelectField
              label="Kind"
              name="kind"
              errors={errors}
              value={draft.kind}
              codes={labelled(PROMOTION_KINDS, PROMOTION_KIND_LABELS)}
              isDisabled={isPublished}
              hint={isPublished ? 'A published promotion keeps its kind.' : PROMOTION_KIND_HINTS[draft.kind]}
              onChange={(kind) => change({ kind })}
            />
            <Field label="Order in the list" name="sortOrder" errors={errors} hint="Lower first, then newest">
              <input
                inputMode="numeric"
                size={5}
                maxLength={4}
                value={draft.sortOrder}
                onChange={(event) => change({ sortOrder: event.target.value })}
              />
            </Field>
          </div>
          <LocalizedFields
            label="Title"
            name="title"
            value={draft.title}
            onChange={(title) => change({ title })}
            errors={errors}
            maxLength={TITLE_LENGTH_MAX}
          />
          <LocalizedFields
            label="Content"
            name="content"
            value={draft.content}
            onChange={(content) => change({ content })}
            errors={errors}
            maxLength={CONTENT_LENGTH_MAX}
            isHtml
          />
        </fieldset>

        <ImagesPanel
          draft={draft}
          merchantId={props.merchantId}
          errors={errors}
          isDisabled={!canWrite}
          onNotice={setNotice}
          onChange={change}
        />

        <fieldset className="panel form-grid" disabled={!canWrite}>
          <h3 className="panel__heading">When and for whom</h3>
          <div className="field-row">
            <Field label="Starts" name="startsAt" errors={errors} hint="Before it: coming soon">
              <input
                type="datetime-local"
                value={draft.startsAt}
                onChange={(event) => change({ startsAt: event.target.value })}
              />
            </Field>
            <Field
              label="Ends"
              name="endsAt"
              errors={errors}
              hint={draft.kind === 'raffle' ? 'Required: the draw comes after it' : 'Blank: no end'}
            >
              <input
                type="datetime-local"
                value={draft.endsAt}
                onChange={(event) => change({ endsAt: event.target.value })}
              />
            </Field>
            <CodeSelectField
              label="Audience"
              name="audience"
              errors={errors}
              value={draft.audience}
              codes={labelled(AUDIENCES, AUDIENCE_LABELS)}
              onChange={(audience) => change({ audience })}
            />
            {draft.audience === 'new_members' && (
              <Field label="Registered within (days)" name="rules.newMemberDays" errors={errors}>
                <input
                  inputMode="numeric"
                  size={4}
                  maxLength={3}
                  value={draft.newMemberDays}
                  onChange={(event) => change({ newMemberDays: event.target.value })}
                />
              </Field>
            )}
          </div>
          {draft.audience === 'agent_teams' && (
            <AgentPicker
              merchantId={props.merchantId}
              agents={draft.agents}
              errors={errors}
              onChange={(agents) => change({ agents })}
            />
          )}
        </fieldset>

        {draft.kind !== 'info' && (
          <fieldset className="panel form-grid" disabled={!canWrite}>
            <h3 className="panel__heading">Rules: {labelOfCode(PROMOTION_KIND_LABELS, draft.kind)}</h3>
            {draft.kind === 'raffle' && promotion?.raffle && (
              <p className="muted small raffle-commitment">
                {`Raffle: ${labelOfCode(RAFFLE_STATUS_LABELS, promotion.raffle.status)} · ${promotion.raffle.ticketCount.toLocaleString('en-PH')} tickets so far · commitment (SHA-256 of the server seed, shown to players) `}
                <span className="mono">{promotion.raffle.serverSeedHash}</span>
              </p>
            )}
            <RulesFields draft={draft} errors={errors} onChange={change} />
            {grantsBonus(draft) && (
              <BonusTermsFields
                value={draft.terms}
                onChange={(terms) => change({ terms })}
                errors={errors}
                maxMultiplier={props.maxMultiplier}
                prefix="bonusTerms"
                offersIncludeDeposit={draft.kind === 'deposit_bonus'}
              />
            )}
            <div className="field-row">
              {/* Only deposit bonuses and applications grant more than once (the others once). */}
              {(draft.kind === 'deposit_bonus' || draft.kind === 'application') && (
                <Field
                  label="Grants per member"
                  name="grantsPerMember"
                  errors={errors}
                  hint={`1 by default; 0: no limit (at most ${GRANTS_PER_MEMBER_MAX})`}
                >
                  <input
                    inputMode="numeric"
                    size={5}
                    maxLength={4}
                    value={draft.grantsPerMember}
                    onChange={(event) => change({ grantsPerMember: event.target.value })}
                  />
                </Field>
              )}
              <Field
                label="Budget per day"
                name="budgetPerDay"
                errors={errors}
                hint="Blank: only the merchant's own cap. Grants beyond it wait for the next day."
              >
                <input
                  inputMode="decimal"
                  size={12}
                  maxLength={20}
                  placeholder="No cap of its own"
                  value={draft.budgetPerDay}
                  onChange={(event) => change({ budgetPerDay: event.target.value })}
                />
              </Field>
            </div>
          </fieldset>
        )}

        {canWrite && (
          <div className="promotion-builder__actions">
            <button type="button" className="button button--quiet" onClick={props.onClose}>
              Cancel
            </button>
            <button type="submit" className="button button--primary" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : promotion ? 'Save promotion' : 'Save draft'}
            </button>
          </div>
        )}
      </form>
      <aside className="promotion-builder__aside panel">
        <PromotionPreview promotion={preview} content={draft} nowMs={props.nowMs} />
      </aside>
    </div>
  );
}

/** The kind's own rules, field by field (docs/promotions.md "Kinds and their rules"). */
function RulesFields(props: {
  draft: PromotionDraft;
  errors: Record<string, string>;
  onChange: (patch: Partial<PromotionDraft>) => void;
}) {
  const { draft, errors, onChange } = props;
  switch (draft.kind) {
    case 'info':
      return null;
    case 'deposit_bonus': {
      const deposit = draft.deposit;
      const set = (patch: Partial<typeof deposit>) => onChange({ deposit: { ...deposit, ...patch } });
      return (
        <>
          <div className="field-row">
            <Field
              label="Bonus (% of the deposit)"
              name="rules.percent"
              errors={errors}
              hint={`Up to ${DEPOSIT_PERCENT_MAX}`}
            >
              <input
                inputMode="decimal"
                size={6}
                maxLength={7}
                value={deposit.percent}
                onChange={(event) => set({ percent: event.target.value })}
              />
            </Field>
            <Field label="Cap per grant" name="rules.cap" errors={errors}>
              <input
                inputMode="decimal"
                size={10}
                maxLength={20}
                value={deposit.cap}
                onChange={(event) => set({ cap: event.target.value })}
              />
            </Field>
            <Field label="Minimum deposit" name="rules.minDeposit" errors={errors}>
              <input
                inputMode="decimal"
                size={10}
                maxLength={20}
                value={deposit.minDeposit}
                onChange={(event) => set({ minDeposit: event.target.value })}
              />
            </Field>
          </div>
          <div className="field-row">
            <CodeSelectField
              label="Which deposit"
              name="rules.which"
              errors={errors}
              value={deposit.which}
              codes={WHICH_CHOICES}
              onChange={(which) => set({ which })}
            />
            {deposit.which === 'nth' && (
              <Field
                label="Deposit number"
                name="rules.nth"
                errors={errors}
                hint="2 for the second, and so on"
              >
                <input
                  inputMode="numeric"
                  size={4}
                  maxLength={3}
                  value={deposit.nth}
                  onChange={(event) => set({ nth: event.target.value })}
                />
              </Field>
            )}
            <Field
              label="Deposit methods"
              name="rules.methods"
              errors={errors}
              hint="Method codes separated by commas (gcash, maya …); blank: every method"
            >
              <input
                maxLength={400}
                value={deposit.methods}
                onChange={(event) => set({ methods: event.target.value })}
              />
            </Field>
          </div>
        </>
      );
    }
    case 'newbie_bonus': {
      const newbie = draft.newbie;
      const set = (patch: Partial<typeof newbie>) => onChange({ newbie: { ...newbie, ...patch } });
      return (
        <div className="field-row">
          <Field label="Bonus amount" name="rules.amount" errors={errors}>
            <input
              inputMode="decimal"
              size={10}
              maxLength={20}
              value={newbie.amount}
              onChange={(event) => set({ amount: event.target.value })}
            />
          </Field>
          <Field
            label="Claimable within (days of registering)"
            name="rules.registeredWithinDays"
            errors={errors}
          >
            <input
              inputMode="numeric"
              size={4}
              maxLength={3}
              value={newbie.registeredWithinDays}
              onChange={(event) => set({ registeredWithinDays: event.target.value })}
            />
          </Field>
        </div>
      );
    }
    case 'app_download':
      return (
        <div className="field-row">
          <Field label="Bonus amount" name="rules.amount" errors={errors}>
            <input
              inputMode="decimal"
              size={10}
              maxLength={20}
              value={draft.appDownload.amount}
              onChange={(event) => onChange({ appDownload: { amount: event.target.value } })}
            />
          </Field>
        </div>
      );
    case 'application':
      return (
        <div className="field-row">
          <Field
            label="Most an operator may approve"
            name="rules.maxAmount"
            errors={errors}
            hint="Blank: no limit. Approved amounts are paid as a bonus under the terms below (multiplier 0: no wagering)."
          >
            <input
              inputMode="decimal"
              size={10}
              maxLength={20}
              placeholder="No limit"
              value={draft.application.maxAmount}
              onChange={(event) => onChange({ application: { maxAmount: event.target.value } })}
            />
          </Field>
        </div>
      );
    case 'cashback': {
      const cashback = draft.cashback;
      const set = (patch: Partial<typeof cashback>) => onChange({ cashback: { ...cashback, ...patch } });
      return (
        <div className="field-row">
          <Field label="Cashback (% of net loss)" name="rules.percent" errors={errors} hint="Up to 100">
            <input
              inputMode="decimal"
              size={6}
              maxLength={6}
              value={cashback.percent}
              onChange={(event) => set({ percent: event.target.value })}
            />
          </Field>
          <CodeSelectField
            label="Period"
            name="rules.period"
            errors={errors}
            value={cashback.period}
            codes={[
              ['day', 'Each day'],
              ['week', 'Each week (from Monday)'],
            ]}
            onChange={(period) => set({ period })}
          />
          <Field label="Minimum net loss" name="rules.minNetLoss" errors={errors}>
            <input
              inputMode="decimal"
              size={10}
              maxLength={20}
              value={cashback.minNetLoss}
              onChange={(event) => set({ minNetLoss: event.target.value })}
            />
          </Field>
          <Field label="Cap per period" name="rules.cap" errors={errors}>
            <input
              inputMode="decimal"
              size={10}
              maxLength={20}
              value={cashback.cap}
              onChange={(event) => set({ cap: event.target.value })}
            />
          </Field>
          <CodeSelectField
            label="Paid as"
            name="rules.payAs"
            errors={errors}
            value={cashback.payAs}
            codes={[
              ['bonus', 'A bonus, under the terms below'],
              ['cash', 'Cash, with no wagering'],
            ]}
            onChange={(payAs) => set({ payAs })}
          />
        </div>
      );
    }
    case 'raffle':
      return <RaffleRulesFields draft={draft} errors={errors} onChange={onChange} />;
  }
}

/**
 * A raffle's rules: how tickets are earned and how many at most, the prize tiers in rank order,
 * how prizes are paid and claimed, and when the draw comes after the end. What counts of a valid
 * bet (game types, the slot-spin rule) is asked only of a raffle by valid bets.
 */
function RaffleRulesFields(props: {
  draft: PromotionDraft;
  errors: Record<string, string>;
  onChange: (patch: Partial<PromotionDraft>) => void;
}) {
  const { errors } = props;
  const raffle = props.draft.raffle;
  const set = (patch: Partial<typeof raffle>) => props.onChange({ raffle: { ...raffle, ...patch } });
  const setTier = (index: number, patch: Partial<(typeof raffle.prizes)[number]>) =>
    set({ prizes: raffle.prizes.map((tier, at) => (at === index ? { ...tier, ...patch } : tier)) });
  const isByValidBet = raffle.ticketBy === 'validBet';
  const prizeCount = typedPrizeCountOf(raffle.prizes);
  return (
    <>
      <div className="field-row">
        <CodeSelectField
          label="Tickets by"
          name="rules.ticketBy"
          errors={errors}
          value={raffle.ticketBy}
          codes={TICKET_BY.map((code) => [code, labelOfCode(TICKET_BY_LABELS, code)] as const)}
          onChange={(ticketBy) => set({ ticketBy })}
        />
        <Field
          label={isByValidBet ? 'One ticket per valid bet of' : 'One ticket per deposits of'}
          name="rules.ticketEvery"
          errors={errors}
          hint="Each full amount counted earns a ticket"
        >
          <input
            inputMode="decimal"
            size={10}
            maxLength={20}
            value={raffle.ticketEvery}
            onChange={(event) => set({ ticketEvery: event.target.value })}
          />
        </Field>
        <Field
          label="Most tickets per member"
          name="rules.maxTickets"
          errors={errors}
          hint={`1 to ${MAX_TICKETS_MAX.toLocaleString('en-PH')}`}
        >
          <input
            inputMode="numeric"
            size={6}
            maxLength={5}
            value={raffle.maxTickets}
            onChange={(event) => set({ maxTickets: event.target.value })}
          />
        </Field>
      </div>
      {isByValidBet && (
        <>
          <fieldset className="raffle-game-types">
            <legend className="field__label">Bets that count</legend>
            <div className="raffle-game-types__choices">
              {BONUS_GAME_TYPES.map((type) => (
                <Check
                  key={type}
                  isOn={raffle.gameTypes.includes(type)}
                  onChange={(isOn) =>
                    set({
                      gameTypes: isOn
                        ? BONUS_GAME_TYPES.filter(
                            (known) => known === type || raffle.gameTypes.includes(known),
                          )
                        : raffle.gameTypes.filter((picked) => picked !== type),
                    })
                  }
                >
                  {labelOfCode(GAME_TYPE_LABELS, type)}
                </Check>
              ))}
            </div>
            <span className="muted small">None ticked: bets in every game type count.</span>
            <FieldError errors={errors} name="rules.gameTypes" />
          </fieldset>
          <div className="field-row">
            <Field
              label="Slot spins: minimum stake per spin"
              name="rules.minSpinStake"
              errors={errors}
              hint="Blank: any stake"
            >
              <input
                inputMode="decimal"
                size={10}
                maxLength={20}
                placeholder="Any stake"
                value={raffle.minSpinStake}
                onChange={(event) => set({ minSpinStake: event.target.value })}
              />
            </Field>
            <Field
              label="Slot spins: minimum lines"
              name="rules.minSpinLines"
              errors={errors}
              hint={`Blank: any lines; 1 to ${SPIN_LINES_MAX}`}
            >
              <input
                inputMode="numeric"
                size={5}
                maxLength={4}
                placeholder="Any lines"
                value={raffle.minSpinLines}
                onChange={(event) => set({ minSpinLines: event.target.value })}
              />
            </Field>
          </div>
        </>
      )}
      <fieldset className="prize-tiers">
        <legend className="field__label">Prizes, in rank order</legend>
        <table className="table prize-tiers__table">
          <thead>
            <tr>
              <th scope="col">Places</th>
              <th scope="col">Amount each</th>
              <th scope="col">Winners</th>
              <th scope="col" aria-label="Remove" />
            </tr>
          </thead>
          <tbody>
            {raffle.prizes.map((tier, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a tier's place in the table is its rank order.
              <tr key={index}>
                <td className="small nowrap">{prizePlacesOf(raffle.prizes, index)}</td>
                <td>
                  <input
                    aria-label={`Tier ${index + 1}: amount each`}
                    inputMode="decimal"
                    size={10}
                    maxLength={20}
                    value={tier.amount}
                    aria-invalid={errors[`rules.prizes.${index}.amount`] ? true : undefined}
                    onChange={(event) => setTier(index, { amount: event.target.value })}
                  />
                  <FieldError errors={errors} name={`rules.prizes.${index}.amount`} />
                </td>
                <td>
                  <input
                    aria-label={`Tier ${index + 1}: winners`}
                    inputMode="numeric"
                    size={5}
                    maxLength={4}
                    value={tier.count}
                    aria-invalid={errors[`rules.prizes.${index}.count`] ? true : undefined}
                    onChange={(event) => setTier(index, { count: event.target.value })}
                  />
                  <FieldError errors={errors} name={`rules.prizes.${index}.count`} />
                </td>
                <td>
                  <button
                    type="button"
                    className="icon-button icon-button--small"
                    aria-label={`Remove tier ${index + 1}`}
                    disabled={raffle.prizes.length <= 1}
                    onClick={() => set({ prizes: withPrizeTierRemoved(raffle.prizes, index) })}
                  >
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="row-actions">
          <button
            type="button"
            className="button button--quiet button--small"
            disabled={raffle.prizes.length >= PRIZE_TIERS_MAX}
            onClick={() => set({ prizes: withPrizeTierAdded(raffle.prizes) })}
          >
            Add a tier
          </button>
          <span className="muted small">
            {`${prizeCount} ${prizeCount === 1 ? 'prize' : 'prizes'}; at most ${PRIZE_TIERS_MAX} tiers and ${PRIZES_MAX} prizes in all.`}
          </span>
        </div>
        {errors['rules.prizes'] && (
          <span className="field__error" role="alert" data-field-error="rules.prizes">
            {errors['rules.prizes']}
          </span>
        )}
      </fieldset>
      <div className="field-row">
        <CodeSelectField
          label="Prizes paid as"
          name="rules.payAs"
          errors={errors}
          value={raffle.payAs}
          codes={[
            ['cash', 'Cash, with no wagering'],
            ['bonus', 'A bonus, under the terms below'],
          ]}
          onChange={(payAs) => set({ payAs })}
        />
        <Field
          label="Claim within (days of the draw)"
          name="rules.claimDays"
          errors={errors}
          hint={`1 to ${CLAIM_DAYS_MAX}; unclaimed prizes then expire`}
        >
          <input
            inputMode="numeric"
            size={4}
            maxLength={2}
            value={raffle.claimDays}
            onChange={(event) => set({ claimDays: event.target.value })}
          />
        </Field>
        <Field
          label="Draw after the end (minutes)"
          name="rules.drawDelayMinutes"
          errors={errors}
          hint={`0 to ${DRAW_DELAY_MINUTES_MAX}; late settlements and vendors' bets land first`}
        >
          <input
            inputMode="numeric"
            size={5}
            maxLength={4}
            value={raffle.drawDelayMinutes}
            onChange={(event) => set({ drawDelayMinutes: event.target.value })}
          />
        </Field>
      </div>
    </>
  );
}

/** The cover and detail images per language, each uploaded as it is picked. */
function ImagesPanel(props: {
  draft: PromotionDraft;
  merchantId: string;
  errors: Record<string, string>;
  isDisabled: boolean;
  onNotice: (notice: Notice) => void;
  onChange: (patch: Partial<PromotionDraft>) => void;
}) {
  const slots = [
    ['coverImageUrls', 'Cover (list card)'],
    ['detailImageUrls', 'Detail (opened)'],
  ] as const;
  return (
    <fieldset className="panel" disabled={props.isDisabled}>
      <h3 className="panel__heading">Images</h3>
      <p className="muted small">
        PNG, JPEG or WebP. A language without its own image shows the other language's; the detail shows the
        cover when it has none.
      </p>
      <div className="image-slots">
        {slots.flatMap(([field, label]) =>
          TEXT_LANGUAGES.map(([language]) => (
            <ImageSlot
              key={`${field}-${language}`}
              label={`${label}, ${language}`}
              name={`${field}.${language}`}
              url={props.draft[field][language] ?? ''}
              merchantId={props.merchantId}
              errors={props.errors}
              onNotice={props.onNotice}
              onChange={(url) => {
                const { [language]: _replaced, ...others } = props.draft[field];
                props.onChange({ [field]: url ? { ...others, [language]: url } : others });
              }}
            />
          )),
        )}
      </div>
    </fieldset>
  );
}

function ImageSlot(props: {
  label: string;
  name: string;
  url: string;
  merchantId: string;
  errors: Record<string, string>;
  onNotice: (notice: Notice) => void;
  onChange: (url: string) => void;
}) {
  const [isUploading, setIsUploading] = useState(false);
  async function upload(file: File | undefined) {
    if (!file) return;
    setIsUploading(true);
    try {
      props.onChange((await uploadPromotionImage(props.merchantId, file)).url);
    } catch (error) {
      props.onNotice(failureNotice(error));
    } finally {
      setIsUploading(false);
    }
  }
  return (
    <div className="image-slot">
      <Field label={props.label} name={props.name} errors={props.errors}>
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          onChange={(event) => void upload(event.target.files?.[0])}
        />
      </Field>
      {isUploading && <span className="muted small">Uploading…</span>}
      {props.url && (
        <>
          <img src={props.url} alt={props.label} />
          <button
            type="button"
            className="button button--quiet button--small"
            onClick={() => props.onChange('')}
          >
            Remove
          </button>
        </>
      )}
    </div>
  );
}

/**
 * The agents whose teams may take part, picked by account: each is looked up among the merchant's
 * agents, and only a real agent is added.
 */
function AgentPicker(props: {
  merchantId: string;
  agents: PromotionDraft['agents'];
  errors: Record<string, string>;
  onChange: (agents: PromotionDraft['agents']) => void;
}) {
  const [account, setAccount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isLooking, setIsLooking] = useState(false);

  async function add() {
    const wanted = account.trim();
    if (wanted === '') return;
    if (props.agents.some((agent) => agent.account.toLowerCase() === wanted.toLowerCase())) {
      setProblem(`${wanted} is already picked.`);
      return;
    }
    if (props.agents.length >= AUDIENCE_AGENTS_MAX) {
      setProblem(`At most ${AUDIENCE_AGENTS_MAX} agents.`);
      return;
    }
    setIsLooking(true);
    setProblem(null);
    try {
      const agent = await findAgentByAccount(props.merchantId, wanted);
      if (!agent) {
        setProblem(`No agent with the account ${wanted}.`);
        return;
      }
      props.onChange([...props.agents, agent]);
      setAccount('');
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setIsLooking(false);
    }
  }

  return (
    <div className="field-row">
      <div className="field">
        <span className="field__label">Agents whose teams may take part</span>
        <div className="agent-picks">
          {props.agents.map((agent) => (
            <span key={agent.id} className="agent-pick">
              {agent.account}
              <button
                type="button"
                className="icon-button icon-button--small"
                aria-label={`Remove ${agent.account}`}
                onClick={() => props.onChange(props.agents.filter((picked) => picked.id !== agent.id))}
              >
                ×
              </button>
            </span>
          ))}
          <input
            aria-label="Agent account"
            placeholder="Agent account"
            maxLength={64}
            value={account}
            onChange={(event) => setAccount(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void add();
              }
            }}
          />
          <button
            type="button"
            className="button button--quiet button--small"
            disabled={isLooking}
            onClick={() => void add()}
          >
            {isLooking ? 'Looking…' : 'Add agent'}
          </button>
        </div>
        {problem && (
          <span className="field__error" role="alert">
            {problem}
          </span>
        )}
        <FieldError errors={props.errors} name="audienceAgentIds" />
        <span className="muted small">Members anywhere below these agents in the tree may take part.</span>
      </div>
    </div>
  );
}
