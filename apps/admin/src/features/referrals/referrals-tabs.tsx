import { type FormEvent, useState } from 'react';
import { FilterSelect } from '../../components/choice-select.tsx';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { Check, Field } from '../../components/editor-fields.tsx';
import { useFormSave } from '../../components/form-save.ts';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable, usePagedFilter } from '../../components/query-table.tsx';
import {
  DEFAULT_REPORT_RANGE,
  isCompleteRange,
  type ReportRange,
  ReportRangeChooser,
  rangeQueryOf,
} from '../../components/report-range.tsx';
import type { Notice } from '../../components/row-editor.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { formatDateTime, formatPesos } from '../../lib/format.ts';
import { EMPTY_RULE_FORM, formOfRule, type RuleForm, readRuleForm } from './referral-rule-form.ts';
import {
  type ReferralRewardRow,
  type ReferralRewardStatus,
  type ReferralRuleRow,
  useDecideReferralReward,
  useReferralReport,
  useReferralRewards,
  useReferralRuleSave,
  useReferralRules,
  useReferrals,
} from './referrals-api.ts';

/** Referral rewards pay in the merchant's currency: pesos on this platform. */
const money = (amount: string) => formatPesos(amount, 'PHP');

const TRIGGER_LABELS = {
  register: 'Friend registers',
  deposit: 'Friend deposits at least',
  valid_bet: 'Friend’s valid bet reaches',
} as const;
const STATUS_LABELS: Record<ReferralRewardStatus, string> = {
  paid: 'Paid',
  held: 'Held for review',
  rejected: 'Rejected',
  skipped: 'Not paid (no promotions)',
};
const STATUS_BADGES: Record<ReferralRewardStatus, string> = {
  paid: 'badge badge--success',
  held: 'badge badge--brand',
  rejected: 'badge badge--danger',
  skipped: 'badge',
};
const HOLD_LABELS = {
  SAME_IP_AND_DEVICE: 'Same address and device as the referrer',
  SAME_PAYEE: 'Same payee name as the referrer',
} as const;
const STATUS_CHOICES = [
  ['held', 'Held for review'],
  ['paid', 'Paid'],
  ['rejected', 'Rejected'],
  ['skipped', 'Not paid'],
] as const satisfies ReadonlyArray<readonly [ReferralRewardStatus, string]>;

function ruleWords(rule: ReferralRuleRow): string {
  const when =
    rule.trigger === 'register'
      ? TRIGGER_LABELS.register
      : `${TRIGGER_LABELS[rule.trigger]} ${money(rule.threshold)}`;
  const kind = rule.kind === 'cash' ? 'cash' : `bonus, wagered ${rule.multiplier}×`;
  const friend = Number(rule.friendAmount) > 0 ? `; friend ${money(rule.friendAmount)}` : '';
  return `${when} within ${rule.withinDays} days → referrer ${money(rule.referrerAmount)} ${kind}${friend}`;
}

/** The rule editor: a new rule, or the one being changed. */
function RuleEditor(props: {
  merchantId: string;
  rule: ReferralRuleRow | null;
  onDone: (notice: Notice) => void;
  onCancel: () => void;
}) {
  const save = useReferralRuleSave();
  const [form, setForm] = useState<RuleForm>(() => (props.rule ? formOfRule(props.rule) : EMPTY_RULE_FORM));
  const { errors, submit, clear } = useFormSave({
    read: () => readRuleForm(form),
    send: (body) => save.mutateAsync({ id: props.rule?.id ?? null, merchantId: props.merchantId, body }),
    onNotice: props.onDone,
    savedTitle: props.rule ? 'Rule saved.' : 'Rule added.',
  });
  const set = <Key extends keyof RuleForm>(key: Key, value: RuleForm[Key]) => {
    setForm({ ...form, [key]: value });
    clear([key]);
  };

  return (
    <form
      className="editor"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit();
      }}
      aria-label={props.rule ? 'Change the rule' : 'New rule'}
    >
      <Field label="Name in Tagalog" name="nameTy" errors={errors}>
        <input value={form.nameTy} maxLength={80} onChange={(event) => set('nameTy', event.target.value)} />
      </Field>
      <Field label="Name in English" name="nameEn" errors={errors}>
        <input value={form.nameEn} maxLength={80} onChange={(event) => set('nameEn', event.target.value)} />
      </Field>
      <Field label="When" name="trigger" errors={errors}>
        <select
          value={form.trigger}
          onChange={(event) => set('trigger', event.target.value as RuleForm['trigger'])}
        >
          {Object.entries(TRIGGER_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      {form.trigger !== 'register' && (
        <Field label="Amount (₱, cumulative)" name="threshold" errors={errors}>
          <input
            inputMode="decimal"
            value={form.threshold}
            onChange={(event) => set('threshold', event.target.value)}
          />
        </Field>
      )}
      <Field label="Within days of joining" name="withinDays" errors={errors}>
        <input
          inputMode="numeric"
          value={form.withinDays}
          onChange={(event) => set('withinDays', event.target.value)}
        />
      </Field>
      <Field label="Paid as" name="kind" errors={errors}>
        <select value={form.kind} onChange={(event) => set('kind', event.target.value as RuleForm['kind'])}>
          <option value="cash">Cash</option>
          <option value="bonus">Bonus</option>
        </select>
      </Field>
      <Field label="Referrer receives (₱)" name="referrerAmount" errors={errors}>
        <input
          inputMode="decimal"
          value={form.referrerAmount}
          onChange={(event) => set('referrerAmount', event.target.value)}
        />
      </Field>
      <Field label="Friend receives (₱, 0 for nothing)" name="friendAmount" errors={errors}>
        <input
          inputMode="decimal"
          value={form.friendAmount}
          onChange={(event) => set('friendAmount', event.target.value)}
        />
      </Field>
      {form.kind === 'bonus' && (
        <>
          <Field
            label="Wagering multiplier"
            name="multiplier"
            errors={errors}
            hint="Never above the merchant's promotions maximum."
          >
            <input
              inputMode="numeric"
              value={form.multiplier}
              onChange={(event) => set('multiplier', event.target.value)}
            />
          </Field>
          <Field label="Bonus expires after days" name="expiryDays" errors={errors}>
            <input
              inputMode="numeric"
              value={form.expiryDays}
              onChange={(event) => set('expiryDays', event.target.value)}
            />
          </Field>
        </>
      )}
      <Check isOn={form.enabled} onChange={(isOn) => set('enabled', isOn)}>
        On: friends who join from now on earn it
      </Check>
      <div className="toolbar">
        <button className="button" type="submit" disabled={save.isPending}>
          {props.rule ? 'Save the rule' : 'Add the rule'}
        </button>
        <button className="button button--quiet" type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * The programme's rules (referrals.write to add and change them, audited on the server): each pays
 * once per friend when the friend reaches it, to the referrer and optionally to the friend.
 */
export function ReferralRulesTab(props: {
  merchantId: string;
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
}) {
  const rules = useReferralRules(props.merchantId);
  const [editing, setEditing] = useState<ReferralRuleRow | 'new' | null>(null);
  const done = (notice: Notice) => {
    props.onNotice(notice);
    if (notice?.tone === 'success') setEditing(null);
  };
  return (
    <section aria-label="Referral rules">
      {props.canWrite && editing === null && (
        <div className="toolbar">
          <button className="button" type="button" onClick={() => setEditing('new')}>
            New rule
          </button>
        </div>
      )}
      {editing !== null && (
        <RuleEditor
          key={editing === 'new' ? 'new' : editing.id}
          merchantId={props.merchantId}
          rule={editing === 'new' ? null : editing}
          onDone={done}
          onCancel={() => setEditing(null)}
        />
      )}
      <QueryTable
        query={rules}
        rows={rules.data?.list ?? []}
        headings={[
          'Name',
          'What it pays',
          'State',
          'Changed',
          props.canWrite ? { ariaLabel: 'Actions' } : false,
        ]}
        testId="referral-rules"
        renderRow={(rule) => (
          <tr>
            <td>
              {rule.nameEn}
              <div className="muted small">{rule.nameTy}</div>
            </td>
            <td className="small">{ruleWords(rule)}</td>
            <td>
              <span className={rule.enabled ? 'badge badge--success' : 'badge'}>
                {rule.enabled ? 'On' : 'Off'}
              </span>
            </td>
            <td className="small nowrap">{formatDateTime(rule.updatedAt)}</td>
            {props.canWrite && (
              <td>
                <button className="button button--quiet" type="button" onClick={() => setEditing(rule)}>
                  Change
                </button>
              </td>
            )}
          </tr>
        )}
        empty={<EmptyState title="No rules yet: members' referrals earn nothing until a rule is added." />}
      />
    </section>
  );
}

/** The friends who joined with a member's code, with what the checks found at registration. */
export function ReferralsTab(props: { merchantId: string }) {
  const search = usePagedFilter({ flagged: false, account: '' });
  const list = useReferrals({ merchantId: props.merchantId, ...search.filter, page: search.page });
  return (
    <section aria-label="Referrals">
      <div className="toolbar">
        <SearchBox
          label="Search by account"
          placeholder="Referrer or friend"
          maxLength={64}
          value={search.filter.account}
          onChange={(account) => search.choose({ ...search.filter, account })}
        />
        <Check
          isOn={search.filter.flagged}
          onChange={(flagged) => search.choose({ ...search.filter, flagged })}
        >
          Only flagged (same address or device)
        </Check>
      </div>
      <QueryTable
        query={list}
        rows={list.data?.list ?? []}
        headings={[
          'Joined',
          'Referrer',
          'Friend',
          'Code',
          'Flags',
          numberHeading('Paid'),
          numberHeading('Held'),
        ]}
        testId="referrals"
        renderRow={(row) => (
          <tr>
            <td className="small nowrap">{formatDateTime(row.createdAt)}</td>
            <td className="mono">{row.referrer}</td>
            <td className="mono">{row.friend}</td>
            <td className="mono">{row.code}</td>
            <td className="small">
              {row.sameIp && <span className="badge badge--danger">Same address</span>}{' '}
              {row.sameDevice && <span className="badge badge--danger">Same device</span>}
              {!row.sameIp && !row.sameDevice && <span className="muted">—</span>}
            </td>
            <td className="number mono">{row.paidRewards}</td>
            <td className="number mono">{row.heldRewards}</td>
          </tr>
        )}
        empty={<EmptyState title="No referrals here." />}
        paging={{ page: search.page, onPage: search.setPage, found: list.data }}
      />
    </section>
  );
}

/**
 * The rewards by status; a held one is approved (paid now) or rejected (never paid) by an operator
 * who may (referrals.write), asked first and audited on the server.
 */
export function ReferralRewardsTab(props: { merchantId: string; canWrite: boolean }) {
  const confirm = useConfirmedAction();
  const decide = useDecideReferralReward();
  const search = usePagedFilter<ReferralRewardStatus | ''>('held');
  const rewards = useReferralRewards({
    merchantId: props.merchantId,
    status: search.filter,
    page: search.page,
  });
  const ask = (reward: ReferralRewardRow, decision: 'approve' | 'reject') =>
    confirm.ask({
      title:
        decision === 'approve'
          ? `Pay ${money(reward.amount)} to ${reward.account}?`
          : `Reject the reward of ${reward.account}?`,
      confirmLabel: decision === 'approve' ? 'Approve and pay' : 'Reject',
      tone: decision === 'approve' ? 'primary' : 'danger',
      facts: [
        ['Rule', reward.rule],
        ['Referrer → friend', `${reward.referrer} → ${reward.friend}`],
        ['Held because', reward.holdReason ? HOLD_LABELS[reward.holdReason] : '—'],
        ['Audit', 'The decision is recorded with your name.'],
      ],
      run: async () => {
        await decide.mutateAsync({ id: reward.id, decision });
      },
    });
  return (
    <section aria-label="Referral rewards">
      {confirm.element}
      <div className="toolbar">
        <FilterSelect
          label="Status"
          anyLabel="Every status"
          value={search.filter}
          choices={STATUS_CHOICES}
          onChange={search.choose}
        />
      </div>
      <QueryTable
        query={rewards}
        rows={rewards.data?.list ?? []}
        headings={[
          'Created',
          'To',
          'Referrer → friend',
          'Rule',
          numberHeading('Amount'),
          'Status',
          'Decided',
          props.canWrite ? { ariaLabel: 'Actions' } : false,
        ]}
        testId="referral-rewards"
        renderRow={(reward) => (
          <tr>
            <td className="small nowrap">{formatDateTime(reward.createdAt)}</td>
            <td className="mono">
              {reward.account} <span className="muted small">({reward.beneficiary})</span>
            </td>
            <td className="mono small">
              {reward.referrer} → {reward.friend}
            </td>
            <td>{reward.rule}</td>
            <td className="number mono">
              {money(reward.amount)} <span className="muted small">{reward.kind}</span>
            </td>
            <td>
              <span
                className={STATUS_BADGES[reward.status]}
                title={reward.holdReason ? HOLD_LABELS[reward.holdReason] : undefined}
              >
                {STATUS_LABELS[reward.status]}
              </span>
              {reward.holdReason && <div className="muted small">{HOLD_LABELS[reward.holdReason]}</div>}
            </td>
            <td className="small nowrap">
              {reward.decidedBy ? `${reward.decidedBy}, ${formatDateTime(reward.decidedAt, '—')}` : '—'}
            </td>
            {props.canWrite && (
              <td className="nowrap">
                {reward.status === 'held' && (
                  <>
                    <button
                      className="button button--quiet"
                      type="button"
                      disabled={confirm.isSending}
                      onClick={() => ask(reward, 'approve')}
                    >
                      Approve
                    </button>{' '}
                    <button
                      className="button button--quiet"
                      type="button"
                      disabled={confirm.isSending}
                      onClick={() => ask(reward, 'reject')}
                    >
                      Reject
                    </button>
                  </>
                )}
              </td>
            )}
          </tr>
        )}
        empty={<EmptyState title="No rewards here." />}
        paging={{ page: search.page, onPage: search.setPage, found: rewards.data }}
      />
    </section>
  );
}

/** The programme's cost per day: friends who joined, rewards paid by kind, held and rejected. */
export function ReferralCostTab(props: { merchantId: string }) {
  const [range, setRange] = useState<ReportRange>(DEFAULT_REPORT_RANGE);
  const report = useReferralReport({
    merchantId: props.merchantId,
    range: rangeQueryOf(range),
    isReady: isCompleteRange(range),
  });
  const rows = (report.data?.list ?? []).map((row) => ({ ...row, id: `${row.merchantId}:${row.day}` }));
  return (
    <section aria-label="Referral cost">
      <ReportRangeChooser value={range} onChange={setRange} />
      <QueryTable
        query={report}
        rows={rows}
        headings={[
          'Day',
          numberHeading('Friends joined'),
          numberHeading('Rewards paid'),
          numberHeading('Cash'),
          numberHeading('Bonus'),
          numberHeading('Cost'),
          numberHeading('Held'),
          numberHeading('Rejected'),
        ]}
        testId="referral-cost"
        renderRow={(row) => (
          <tr>
            <td className="nowrap">{row.day}</td>
            <td className="number mono">{row.referrals}</td>
            <td className="number mono">{row.paid}</td>
            <td className="number mono">{money(row.cash)}</td>
            <td className="number mono">{money(row.bonus)}</td>
            <td className="number mono">{money(row.cost)}</td>
            <td className="number mono">
              {row.held} <span className="muted small">({money(row.heldAmount)})</span>
            </td>
            <td className="number mono">{row.rejected}</td>
          </tr>
        )}
        empty={<EmptyState title="Nothing in these days." />}
      />
    </section>
  );
}
