import { type FormEvent, useState } from 'react';
import { CodeSelectField, Field, fieldErrorsOf } from '../../components/editor-fields.tsx';
import { ErrorState } from '../../components/query-state.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { AGENT_CONTRACT_KIND_LABELS, labelOfCode } from '../../lib/labels.ts';
import { PERIOD_LABELS } from './contract-labels.ts';
import {
  basisPointsOfPercent,
  checkTiers,
  DIVIDEND_PERIODS,
  type DividendPeriod,
  dividendPeriodOf,
  formatRate,
  percentOfBasisPoints,
  TIERS_MAX,
  type TierDraft,
  tierDraftOf,
} from './contract-terms.ts';
import { type ContractTemplate, useSaveTemplate, useTemplates } from './contracts-api.ts';
import { TiersEditor } from './tiers-editor.tsx';

/**
 * The merchant's template for each contract kind: the highest rate a top-level agent may be given,
 * how many tiers a contract may have, the terms an offer starts from and a dividend's usual period.
 */
export function TemplatesTab(props: { merchantId: string; canWrite: boolean }) {
  const templates = useTemplates(props.merchantId);
  if (templates.isError)
    return <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />;
  if (templates.isPending) return <p className="muted">Loading the templates…</p>;
  return (
    <div className="page">
      <p className="muted small">
        A top-level agent's rate never exceeds its kind's maximum here; every agent below is capped by its
        upline's rate. A change applies to offers made from now on: signed contracts keep their terms.
      </p>
      {templates.data.list.map((template) => (
        <TemplateForm
          key={`${props.merchantId}-${template.kind}`}
          merchantId={props.merchantId}
          template={template}
          canWrite={props.canWrite}
        />
      ))}
    </div>
  );
}

function TemplateForm(props: { merchantId: string; template: ContractTemplate; canWrite: boolean }) {
  const { template } = props;
  const save = useSaveTemplate();
  const [maxRate, setMaxRate] = useState(percentOfBasisPoints(template.maxRateBp));
  const [maxTiers, setMaxTiers] = useState(String(template.maxTiers));
  const [tiers, setTiers] = useState<TierDraft[]>(template.defaultTiers.map(tierDraftOf));
  const [period, setPeriod] = useState<DividendPeriod>(dividendPeriodOf(template.defaultPeriod));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const kindName = labelOfCode(AGENT_CONTRACT_KIND_LABELS, template.kind);

  const maxRateBp = basisPointsOfPercent(maxRate);
  const maxTierCount = /^\d{1,2}$/.test(maxTiers.trim()) ? Number(maxTiers) : null;
  const errors = { ...fieldErrorsOf(save.error), ...localErrors };

  function submit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    const found: Record<string, string> = {};
    if (maxRateBp === null) found.maxRateBp = 'A percent from 0 to 100, at most two decimals.';
    if (maxTierCount === null || maxTierCount < 1 || maxTierCount > TIERS_MAX) {
      found.maxTiers = `A whole number from 1 to ${TIERS_MAX}.`;
    }
    const check = checkTiers(tiers, {
      maxTiers: maxTierCount ?? TIERS_MAX,
      maxRateBp: maxRateBp ?? 0,
      minTiers: 0,
    });
    Object.assign(found, check.errors);
    setLocalErrors(found);
    if (Object.keys(found).length > 0 || maxRateBp === null || maxTierCount === null) return;
    save.mutate({
      kind: template.kind,
      merchantId: props.merchantId,
      maxRateBp,
      maxTiers: maxTierCount,
      defaultTiers: check.tiers,
      defaultPeriod: template.kind === 'dividend' ? period : null,
    });
  }

  return (
    <form className="form-grid panel" onSubmit={submit} aria-label={`${kindName} template`} noValidate>
      <div className="panel__heading">
        <h2>{kindName}</h2>
        <span className="muted small">Saved {formatDateTime(template.updatedAt)}</span>
      </div>
      <Field
        label="Highest rate for a top-level agent (%)"
        name="maxRateBp"
        errors={errors}
        hint={maxRateBp === null ? undefined : `${maxRateBp} basis points`}
      >
        <input
          inputMode="decimal"
          maxLength={6}
          disabled={!props.canWrite}
          value={maxRate}
          aria-invalid={errors.maxRateBp ? true : undefined}
          onChange={(event) => setMaxRate(event.target.value)}
        />
      </Field>
      <Field label="Most tiers in a contract" name="maxTiers" errors={errors}>
        <input
          inputMode="numeric"
          maxLength={2}
          disabled={!props.canWrite}
          value={maxTiers}
          aria-invalid={errors.maxTiers ? true : undefined}
          onChange={(event) => setMaxTiers(event.target.value)}
        />
      </Field>
      {template.kind === 'dividend' && props.canWrite && (
        <CodeSelectField
          label="Usual period"
          name="defaultPeriod"
          errors={errors}
          value={period}
          codes={DIVIDEND_PERIODS.map((code) => [code, labelOfCode(PERIOD_LABELS, code)] as const)}
          onChange={setPeriod}
        />
      )}
      {template.kind === 'dividend' && !props.canWrite && (
        <p className="muted small">Usual period: {labelOfCode(PERIOD_LABELS, template.defaultPeriod)}</p>
      )}
      <p className="muted small">
        Default terms: what an offer to a top-level agent starts from. Leave them empty to start from a blank
        tier.
      </p>
      <TiersEditor
        kind={template.kind}
        value={tiers}
        onChange={setTiers}
        errors={errors}
        maxTiers={maxTierCount ?? TIERS_MAX}
        maxRateBp={maxRateBp ?? template.maxRateBp}
        capWords="the highest rate above"
        isDisabled={!props.canWrite}
      />
      {save.isError && Object.keys(fieldErrorsOf(save.error)).length === 0 && (
        <ErrorState error={save.error} />
      )}
      {save.isSuccess && (
        <p className="alert alert--success" role="status">
          Saved: top-level agents get at most {formatRate(save.data.maxRateBp)} from now on.
        </p>
      )}
      {props.canWrite && (
        <div className="form-grid__actions">
          <button className="button button--primary" type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      )}
    </form>
  );
}
