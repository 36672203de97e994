import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, Clock3, Wallet } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { isApiError } from '../../../lib/api/api-error';
import { joinClassNames } from '../../../lib/class-names';
import { answerOfFailure } from '../../../lib/failure-answer';
import { dateTimeFormatOf, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { type PaymentMethod, paymentMethodsQuery } from '../../../lib/payment-methods';
import { usePermission } from '../../../lib/system/system-hooks';
import {
  type Deposit,
  type DepositStatus,
  fetchDeposit,
  fetchDeposits,
  startDeposit,
  submitBankDeposit,
} from '../api/payments';
import { checkDepositAmount, quickAmounts } from '../deposit-amount';
import { AmountField, MoneyFormSubmit } from './money-form-fields';
import { MoneyHistory } from './money-history';

/** While the gateway has not called back yet, the returned-to page asks again this often. */
const PENDING_POLL_MS = 2_000;

const statusTone: Record<DepositStatus, StatusTone> = {
  pending: 'waiting',
  review: 'waiting',
  credited: 'good',
  failed: 'bad',
  rejected: 'bad',
};

/** The deposit the gateway sent the player back with: waiting, then credited or not. */
function ReturnedDeposit({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  const query = useQuery({
    queryKey: ['deposit', id, language],
    queryFn: () => fetchDeposit(id, language),
    refetchInterval: (current) => (current.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });
  const status = query.data?.status;
  useEffect(() => {
    if (status && status !== 'pending') void queryClient.invalidateQueries({ queryKey: ['deposits'] });
  }, [status, queryClient]);
  if (query.isPending) return <SkeletonLines lines={2} />;
  if (query.isError || !query.data) return <ErrorState isCompact onRetry={() => query.refetch()} />;
  const deposit = query.data;
  const Icon = deposit.status === 'credited' ? CircleCheck : deposit.status === 'pending' ? Clock3 : CircleX;
  const tone =
    deposit.status === 'credited'
      ? 'text-success'
      : deposit.status === 'pending'
        ? 'text-warning'
        : 'text-danger';
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="deposit-result"
      className="flex items-start gap-3 rounded-lg border border-line bg-raised p-4"
    >
      <Icon size={28} className={joinClassNames('mt-0.5 shrink-0', tone)} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-text">{t(`deposit.result.${deposit.status}`)}</p>
        <p className="text-2xl font-bold text-text tabular">{formatMoney(deposit.amount, symbol)}</p>
        {deposit.status === 'pending' ? (
          <p className="text-sm text-muted">{t('deposit.result.pendingLine')}</p>
        ) : null}
      </div>
      <Button variant="ghost" size="sm" onClick={onClose}>
        {t('deposit.done')}
      </Button>
    </div>
  );
}

function MethodPicker({
  methods,
  value,
  onChange,
}: {
  methods: PaymentMethod[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-text">{t('deposit.method')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {methods.map((method) => {
          const isSelected = method.id === value;
          return (
            <label
              key={method.id}
              data-testid={`deposit-method-${method.code}`}
              className={joinClassNames(
                'flex min-h-16 cursor-pointer flex-col items-start justify-center gap-0.5 rounded-md border px-3 py-2 transition-colors duration-150 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand',
                isSelected ? 'border-brand bg-brand-soft' : 'border-line bg-raised hover:border-brand/60',
              )}
            >
              <input
                type="radio"
                name="deposit-method"
                value={method.id}
                checked={isSelected}
                onChange={() => onChange(method.id)}
                className="sr-only"
              />
              <span className="flex items-center gap-2 font-semibold text-text">
                <Wallet size={16} aria-hidden="true" className="text-brand-strong" />
                {method.name}
              </span>
              <span className="text-xs text-muted tabular">
                {formatMoney(method.minAmount, symbol)} – {formatMoney(method.maxAmount, symbol)}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A bank reference as players copy it from their app: letters, digits and a few separators. */
const REFERENCE_PATTERN = /^[A-Za-z0-9 ._/-]{4,64}$/;
const RECEIPT_BYTES_MAX = 5 * 1024 * 1024;

/** Where to send a bank transfer, and its proof: the transfer reference and a receipt photo. */
function BankTransferFields(props: {
  bankAccount: NonNullable<PaymentMethod['bankAccount']>;
  reference: string;
  onReference: (value: string) => void;
  receipt: File | null;
  onReceipt: (file: File | null) => void;
  errors: { reference?: string; receipt?: string };
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const [tooLarge, setTooLarge] = useState(false);
  const { bankAccount } = props;
  return (
    <div className="flex flex-col gap-3" data-testid="bank-transfer">
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1.5 rounded-lg border border-line bg-raised p-3 text-sm">
        <dt className="text-muted">{t('deposit.bank.bankName')}</dt>
        <dd className="font-semibold text-text">{bankAccount.bankName}</dd>
        <dt className="text-muted">{t('deposit.bank.accountName')}</dt>
        <dd className="font-semibold text-text">{bankAccount.accountName}</dd>
        <dt className="text-muted">{t('deposit.bank.accountNumber')}</dt>
        <dd className="flex items-center gap-2">
          <span className="font-semibold text-text tabular">{bankAccount.accountNumber}</span>
          <button
            type="button"
            className="min-h-11 px-2 text-sm font-semibold text-brand-strong"
            onClick={() => {
              void navigator.clipboard?.writeText(bankAccount.accountNumber).then(() => setCopied(true));
            }}
          >
            {copied ? t('deposit.bank.copied') : t('deposit.bank.copy')}
          </button>
        </dd>
      </dl>
      <TextField
        label={t('deposit.bank.reference')}
        hint={t('deposit.bank.referenceHint')}
        autoComplete="off"
        value={props.reference}
        onValueChange={props.onReference}
        error={props.errors.reference}
        maxLength={64}
        isRequired
        data-testid="deposit-reference"
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="deposit-receipt" className="text-sm font-medium text-text">
          {t('deposit.bank.receipt')}
          <span className="ml-0.5 text-danger" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id="deposit-receipt"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          data-testid="deposit-receipt"
          aria-invalid={props.errors.receipt || tooLarge ? true : undefined}
          className="text-sm text-text file:mr-3 file:min-h-11 file:rounded-md file:border file:border-line file:bg-raised file:px-3 file:font-semibold file:text-text"
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            const isTooLarge = file !== null && file.size > RECEIPT_BYTES_MAX;
            setTooLarge(isTooLarge);
            props.onReceipt(isTooLarge ? null : file);
          }}
        />
        {tooLarge || props.errors.receipt ? (
          <p className="text-xs text-danger">
            {tooLarge ? t('deposit.bank.receiptTooLarge') : props.errors.receipt}
          </p>
        ) : (
          <p className="text-xs text-muted">{t('deposit.bank.receiptHint')}</p>
        )}
      </div>
    </div>
  );
}

function DepositForm({ methods }: { methods: PaymentMethod[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  const [methodId, setMethodId] = useState<string | null>(methods[0]?.id ?? null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ message: string; code?: string } | null>(null);
  const method = methods.find((entry) => entry.id === methodId) ?? null;

  const [, setSearchParams] = useSearchParams();
  const [reference, setReference] = useState('');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [bankErrors, setBankErrors] = useState<{ reference?: string; receipt?: string }>({});
  const isBank = method?.kind === 'bank_transfer';
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: async (input: { methodId: string; amount: string }) => {
      if (!isBank) return { kind: 'gateway' as const, ...(await startDeposit(input, language)) };
      if (!receipt) throw new Error('no receipt');
      return {
        kind: 'bank' as const,
        deposit: await submitBankDeposit({ ...input, reference: reference.trim(), receipt }, language),
      };
    },
    onSuccess: (result) => {
      // The gateway's page takes over and sends the player back here when done; a bank transfer
      // waits for review, shown at once like a returning payment.
      if (result.kind === 'gateway') {
        window.location.assign(result.payUrl);
        return;
      }
      setAmount('');
      setReference('');
      setReceipt(null);
      void queryClient.invalidateQueries({ queryKey: ['deposits'] });
      // A deposit counts against the deposit limit at once: the deposit buttons ask again.
      void queryClient.invalidateQueries({ queryKey: ['responsible-gaming'] });
      setSearchParams({ page: 'depositv2', deposit: result.deposit.id }, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'LIMIT_REACHED' && method) {
        const limit = (error.value as { limit?: string } | undefined)?.limit;
        if (limit === 'responsible') {
          const { period, remaining } = error.value as { period?: string; remaining?: string };
          setAmountError(
            t('deposit.errors.responsible', {
              period: t(`responsibleGaming.periods.${period ?? 'day'}`).toLowerCase(),
              amount: formatMoney(remaining ?? '0.00', symbol),
            }),
          );
          return;
        }
        if (limit === 'daily' && method.dailyMaxAmount) {
          setAmountError(t('deposit.errors.daily', { amount: formatMoney(method.dailyMaxAmount, symbol) }));
          return;
        }
      }
      setAnswer(answerOfFailure(error, t('auth.submitFailed')));
    },
  });

  function explain(problem: ReturnType<typeof checkDepositAmount>): string | null {
    if (!problem || !method) return null;
    return t(`deposit.errors.${problem}`, {
      min: formatMoney(method.minAmount, symbol),
      max: formatMoney(method.maxAmount, symbol),
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setAnswer(null);
    if (!method) return;
    const problem = explain(checkDepositAmount(amount, method));
    setAmountError(problem);
    const missing = isBank
      ? {
          ...(REFERENCE_PATTERN.test(reference.trim())
            ? {}
            : { reference: t('deposit.bank.referenceFormat') }),
          ...(receipt ? {} : { receipt: t('deposit.bank.receiptRequired') }),
        }
      : {};
    setBankErrors(missing);
    if (problem || Object.keys(missing).length > 0) return;
    mutation.mutate({ methodId: method.id, amount: amount.trim().replace(/,/g, '') });
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="deposit-form">
      <MethodPicker
        methods={methods}
        value={methodId}
        onChange={(id) => {
          setMethodId(id);
          setAmountError(null);
        }}
      />
      <AmountField
        label={t('deposit.amount')}
        symbol={symbol}
        value={amount}
        onValueChange={(value) => {
          setAmount(value);
          setAmountError(null);
        }}
        onBlur={() => amount && method && setAmountError(explain(checkDepositAmount(amount, method)))}
        error={amountError}
        hint={
          method
            ? t('deposit.limits', {
                min: formatMoney(method.minAmount, symbol),
                max: formatMoney(method.maxAmount, symbol),
              })
            : undefined
        }
        testId="deposit-amount"
      />
      {method ? (
        <div className="flex flex-wrap gap-2">
          {quickAmounts(method).map((pesos) => (
            <button
              key={pesos}
              type="button"
              onClick={() => {
                setAmount(pesos);
                setAmountError(null);
              }}
              className="min-h-11 rounded-full border border-line bg-raised px-4 text-sm font-semibold text-text tabular hover:border-brand"
            >
              {formatMoney(`${pesos}.00`, symbol).replace(/\.00$/, '')}
            </button>
          ))}
        </div>
      ) : null}
      {isBank && method?.bankAccount ? (
        <BankTransferFields
          bankAccount={method.bankAccount}
          reference={reference}
          onReference={(value) => {
            setReference(value);
            setBankErrors((current) => ({ ...current, reference: undefined }));
          }}
          receipt={receipt}
          onReceipt={(file) => {
            setReceipt(file);
            setBankErrors((current) => ({ ...current, receipt: undefined }));
          }}
          errors={bankErrors}
        />
      ) : null}
      <MoneyFormSubmit answer={answer} isPending={mutation.isPending}>
        {mutation.isPending
          ? isBank
            ? t('deposit.bank.sending')
            : t('deposit.opening')
          : isBank
            ? t('deposit.bank.submit')
            : t('deposit.submit')}
      </MoneyFormSubmit>
      <p className="text-xs text-muted">{isBank ? t('deposit.bank.note') : t('deposit.note')}</p>
    </form>
  );
}

function DepositHistory() {
  const { t } = useTranslation();
  const language = useLanguage();
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  const dateTime = dateTimeFormatOf(useLanguage());
  return (
    <MoneyHistory
      id="deposit-history"
      queryOf={(page) => ({
        queryKey: ['deposits', page, language],
        queryFn: () => fetchDeposits(page, language),
      })}
      heading={t('deposit.history')}
      emptyLine={t('deposit.noHistory')}
      renderItem={(deposit: Deposit) => (
        <li key={deposit.id} className="flex items-center justify-between gap-3 px-3 py-2.5">
          <div className="min-w-0">
            <p className="font-semibold text-text tabular">{formatMoney(deposit.amount, symbol)}</p>
            <p className="text-xs text-muted">{dateTime.format(new Date(deposit.createdAt))}</p>
          </div>
          <StatusBadge tone={statusTone[deposit.status]}>{t(`deposit.status.${deposit.status}`)}</StatusBadge>
        </li>
      )}
    />
  );
}

/** depositv2 of the member centre (spec §2): choose a method, an amount, pay at the gateway. */
export function DepositPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const returnedId = searchParams.get('deposit');
  const methods = useQuery(paymentMethodsQuery(language));
  return (
    <div className="flex flex-col gap-6 p-4" data-testid="deposit-page">
      {returnedId ? (
        <ReturnedDeposit
          id={returnedId}
          onClose={() => {
            const next = new URLSearchParams(searchParams);
            next.delete('deposit');
            setSearchParams(next, { replace: true });
          }}
        />
      ) : null}
      {methods.isPending ? (
        <SkeletonLines lines={4} />
      ) : methods.isError ? (
        <ErrorState onRetry={() => methods.refetch()} />
      ) : methods.data.list.length === 0 ? (
        <EmptyState line={t('deposit.noMethods')} />
      ) : (
        <DepositForm methods={methods.data.list} />
      )}
      <DepositHistory />
    </div>
  );
}
