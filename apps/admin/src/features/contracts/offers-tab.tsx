import { type FormEvent, useState } from 'react';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { CodeSelectField, Field, fieldErrorsOf } from '../../components/editor-fields.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable, usePagedFilter } from '../../components/query-table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { AGENT_CONTRACT_KIND_LABELS, labelOfCode } from '../../lib/labels.ts';
import {
  badgeClassOf,
  OFFER_SIDE_LABELS,
  OFFER_STATUS_LABELS,
  OFFER_TYPE_LABELS,
  PERIOD_LABELS,
} from './contract-labels.ts';
import { KindStatusFilters, payerOf, TermsTable } from './contract-parts.tsx';
import {
  CONTRACT_KINDS,
  type ContractKind,
  checkTiers,
  DIVIDEND_PERIODS,
  type DividendPeriod,
  dividendPeriodOf,
  EMPTY_TIER_DRAFT,
  formatRate,
  highestRateBp,
  periodOfKind,
  type TierDraft,
  tierDraftOf,
} from './contract-terms.ts';
import {
  type ContractTemplate,
  findTopAgentByAccount,
  type OfferRow,
  type OfferStatus,
  useCancelOffer,
  useOfferContract,
  useOffers,
  useTemplates,
} from './contracts-api.ts';
import { TiersEditor } from './tiers-editor.tsx';

const STATUS_CHOICES = (['pending', 'accepted', 'rejected', 'expired', 'cancelled'] as const).map(
  (status) => [status, labelOfCode(OFFER_STATUS_LABELS, status)] as const,
) satisfies ReadonlyArray<readonly [OfferStatus, string]>;
const COLUMNS = 10;

/**
 * The offers of the merchant's agents and of the platform, by status; and the platform's offer of a
 * contract to a top-level agent, its terms capped by the kind's template.
 */
type Filter = { kind: ContractKind | ''; status: OfferStatus | '' };

export function OffersTab(props: { merchantId: string; canWrite: boolean }) {
  const filter = usePagedFilter<Filter>({ kind: '', status: 'pending' });
  const [openId, setOpenId] = useState<string | null>(null);
  const [isOffering, setIsOffering] = useState(false);
  // The offer's notice stays on the list: the form closes once the offer is sent.
  const confirm = useConfirmedAction();
  const offers = useOffers({ merchantId: props.merchantId, ...filter.filter, page: filter.page });
  return (
    <section aria-label="Contract offers">
      {confirm.element}
      <div className="toolbar">
        <KindStatusFilters filter={filter} statusChoices={STATUS_CHOICES} />
        <span className="toolbar__spacer" />
        {props.canWrite && !isOffering && (
          <button className="button button--primary" type="button" onClick={() => setIsOffering(true)}>
            Offer a contract to a top-level agent
          </button>
        )}
      </div>
      {props.canWrite && isOffering && (
        <OfferForm merchantId={props.merchantId} confirm={confirm} onClose={() => setIsOffering(false)} />
      )}
      <QueryTable
        query={offers}
        rows={offers.data?.list ?? []}
        headings={[
          'Made',
          'Agent',
          'Paid by',
          'Kind',
          'Asks for',
          'From',
          numberHeading('Rate'),
          'Status',
          'Expires or decided',
          props.canWrite && '',
        ]}
        renderRow={(row) => (
          <OfferTableRow
            row={row}
            isOpen={openId === row.id}
            onToggle={() => setOpenId(openId === row.id ? null : row.id)}
            canWrite={props.canWrite}
            confirm={confirm}
          />
        )}
        empty={
          <EmptyState
            title={
              filter.filter.status === 'pending' ? 'No offers waiting for an answer.' : 'No offers match.'
            }
          />
        }
        paging={{ page: filter.page, onPage: filter.setPage, found: offers.data }}
      />
    </section>
  );
}

function OfferTableRow(props: {
  row: OfferRow;
  isOpen: boolean;
  onToggle: () => void;
  canWrite: boolean;
  confirm: ReturnType<typeof useConfirmedAction>;
}) {
  const { row, confirm } = props;
  const cancel = useCancelOffer();
  const kindName = labelOfCode(AGENT_CONTRACT_KIND_LABELS, row.kind).toLowerCase();

  function askCancel() {
    confirm.ask({
      title: `Withdraw the ${kindName} offer to ${row.downline.account}?`,
      confirmLabel: 'Withdraw',
      tone: 'danger',
      facts: [
        ['Agent', row.downline.account],
        ['Paid by', payerOf(row.upline)],
        ['Asks for', labelOfCode(OFFER_TYPE_LABELS, row.type)],
        ['Effect', 'The offer can no longer be accepted; both agents are told.'],
      ],
      run: () => cancel.mutateAsync(row.id),
      doneText: `The ${kindName} offer to ${row.downline.account} was withdrawn.`,
    });
  }

  return (
    <>
      <tr className={props.isOpen ? 'table__row--open' : ''}>
        <td className="small nowrap">{formatDateTime(row.createdAt)}</td>
        <td>
          {row.tiers ? (
            <button
              className="button button--quiet button--small"
              type="button"
              aria-expanded={props.isOpen}
              onClick={props.onToggle}
            >
              {row.downline.account}
            </button>
          ) : (
            row.downline.account
          )}
        </td>
        <td>{payerOf(row.upline)}</td>
        <td>
          {labelOfCode(AGENT_CONTRACT_KIND_LABELS, row.kind)}
          {row.period && (
            <span className="cell-note muted small">{labelOfCode(PERIOD_LABELS, row.period)}</span>
          )}
        </td>
        <td>{labelOfCode(OFFER_TYPE_LABELS, row.type)}</td>
        <td>{labelOfCode(OFFER_SIDE_LABELS, row.fromSide)}</td>
        <td className="number mono">{row.rateBp === null ? '—' : formatRate(row.rateBp)}</td>
        <td>
          <span className={badgeClassOf(row.status)}>{labelOfCode(OFFER_STATUS_LABELS, row.status)}</span>
        </td>
        <td className="small nowrap">
          {row.status === 'pending' ? formatDateTime(row.expiresAt) : formatDateTime(row.decidedAt, '—')}
        </td>
        {props.canWrite && (
          <td>
            {row.status === 'pending' && (
              <button
                className="button button--danger button--small"
                type="button"
                disabled={confirm.isSending}
                onClick={askCancel}
              >
                Withdraw…
              </button>
            )}
          </td>
        )}
      </tr>
      {props.isOpen && row.tiers && (
        <tr className="table__detail">
          <td colSpan={COLUMNS}>
            <div className="contract-detail">
              <TermsTable kind={row.kind} tiers={row.tiers} />
            </div>
          </td>
        </tr>
      )}
    </>
  );
}

type OfferFormProps = {
  merchantId: string;
  confirm: ReturnType<typeof useConfirmedAction>;
  onClose: () => void;
};

/** The form waits for the templates: they give the caps and the terms an offer starts from. */
function OfferForm(props: OfferFormProps) {
  const templates = useTemplates(props.merchantId);
  if (templates.isError)
    return <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />;
  if (templates.isPending) return <p className="muted">Loading the templates…</p>;
  return <OfferFormFields {...props} templates={templates.data.list} />;
}

const draftsOf = (template: ContractTemplate | undefined): TierDraft[] =>
  template && template.defaultTiers.length > 0 ? template.defaultTiers.map(tierDraftOf) : [EMPTY_TIER_DRAFT];

function OfferFormFields(props: OfferFormProps & { templates: readonly ContractTemplate[] }) {
  const { confirm } = props;
  const offer = useOfferContract();
  const [account, setAccount] = useState('');
  const [kind, setKind] = useState<ContractKind>('dividend');
  const templateOf = (of: ContractKind) => props.templates.find((template) => template.kind === of);
  const template = templateOf(kind);
  const [period, setPeriod] = useState<DividendPeriod>(() =>
    dividendPeriodOf(templateOf('dividend')?.defaultPeriod ?? null),
  );
  const [tiers, setTiers] = useState<TierDraft[]>(() => draftsOf(template));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [isChecking, setIsChecking] = useState(false);
  const errors = { ...fieldErrorsOf(offer.error), ...localErrors };
  const kindName = labelOfCode(AGENT_CONTRACT_KIND_LABELS, kind);

  function chooseKind(next: ContractKind) {
    setKind(next);
    setTiers(draftsOf(templateOf(next)));
    setLocalErrors({});
    offer.reset();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!template) return;
    offer.reset();
    const check = checkTiers(tiers, { maxTiers: template.maxTiers, maxRateBp: template.maxRateBp });
    const found: Record<string, string> = { ...check.errors };
    if (account.trim() === '') found.downlineId = 'The agent’s account.';
    setLocalErrors(found);
    if (Object.keys(found).length > 0) return;
    setIsChecking(true);
    try {
      const agent = await findTopAgentByAccount(props.merchantId, account);
      if (!agent) {
        setLocalErrors({ downlineId: `No agent with the account ${account.trim()}.` });
        return;
      }
      if (agent.uplineAccount !== null) {
        setLocalErrors({
          downlineId: `${agent.account} is under ${agent.uplineAccount}: its upline offers it contracts, from the agent centre.`,
        });
        return;
      }
      const isDividend = kind === 'dividend';
      confirm.ask({
        title: `Offer ${agent.account} a ${kindName.toLowerCase()} contract?`,
        confirmLabel: 'Send the offer',
        tone: 'primary',
        facts: [
          ['Agent', agent.account],
          ['Kind', kindName],
          ...(isDividend ? ([['Period', labelOfCode(PERIOD_LABELS, period)]] as const) : []),
          ['Tiers', String(check.tiers.length)],
          ['Highest rate', formatRate(highestRateBp(check.tiers))],
          ['Paid by', 'The platform, from the merchant’s house account'],
          ['Next', 'The agent accepts or rejects it in the agent centre; unanswered, it expires.'],
        ],
        run: async () => {
          await offer.mutateAsync({
            downlineId: agent.id,
            kind,
            tiers: check.tiers,
            ...(isDividend ? { period } : {}),
          });
          props.onClose();
        },
        doneText: `Offer sent to ${agent.account}: it waits for the agent’s answer.`,
      });
    } catch (error) {
      setLocalErrors({ downlineId: (error as Error).message });
    } finally {
      setIsChecking(false);
    }
  }

  return (
    <form
      className="form-grid panel"
      onSubmit={(event) => void submit(event)}
      aria-label="Offer a contract to a top-level agent"
      noValidate
    >
      <div className="panel__heading">
        <h2>Offer a contract to a top-level agent</h2>
        <button className="button button--quiet button--small" type="button" onClick={props.onClose}>
          Close
        </button>
      </div>
      <Field
        label="Top-level agent account"
        name="downlineId"
        errors={errors}
        hint="An agent without an upline; the platform pays its contracts."
      >
        <input
          maxLength={64}
          value={account}
          aria-invalid={errors.downlineId ? true : undefined}
          onChange={(event) => setAccount(event.target.value)}
        />
      </Field>
      <CodeSelectField
        label="Kind"
        name="kind"
        errors={errors}
        value={kind}
        codes={CONTRACT_KINDS.map((code) => [code, labelOfCode(AGENT_CONTRACT_KIND_LABELS, code)] as const)}
        onChange={chooseKind}
      />
      {kind === 'dividend' ? (
        <CodeSelectField
          label="Period"
          name="period"
          errors={errors}
          value={period}
          codes={DIVIDEND_PERIODS.map((code) => [code, labelOfCode(PERIOD_LABELS, code)] as const)}
          onChange={setPeriod}
        />
      ) : (
        <p className="muted small">
          Settled {labelOfCode(PERIOD_LABELS, periodOfKind(kind, period)).toLowerCase()}.
        </p>
      )}
      {template ? (
        <TiersEditor
          kind={kind}
          value={tiers}
          onChange={setTiers}
          errors={errors}
          maxTiers={template.maxTiers}
          maxRateBp={template.maxRateBp}
          capWords="the template's maximum for a top-level agent"
        />
      ) : (
        <p className="alert alert--danger" role="alert">
          This merchant has no template for {kindName.toLowerCase()} contracts.
        </p>
      )}
      {offer.isError && Object.keys(fieldErrorsOf(offer.error)).length === 0 && (
        <ErrorState error={offer.error} />
      )}
      <div className="form-grid__actions">
        <button
          className="button button--primary"
          type="submit"
          disabled={!template || isChecking || confirm.isSending}
        >
          {isChecking ? 'Finding the agent…' : 'Offer…'}
        </button>
      </div>
    </form>
  );
}
