import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Landmark, Smartphone, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '../../../components/ui/button';
import { FormNotice, TextField } from '../../../components/ui/field';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { Tabs } from '../../../components/ui/tabs';
import { isApiError } from '../../../lib/api/api-error';
import { joinClassNames } from '../../../lib/class-names';
import { useLanguage } from '../../../lib/i18n/i18n';
import { useFormValues } from '../../../lib/use-form-values';
import {
  bindPayoutAccount,
  E_WALLETS,
  fetchPayoutAccounts,
  type PayoutAccount,
  removePayoutAccount,
} from '../api/withdrawals';

/** A payout account as the member knows it: the wallet or bank, the masked number and the name on it. */
export function PayoutAccountSummary({
  account,
}: {
  account: Pick<PayoutAccount, 'kind' | 'provider' | 'accountNumberMasked' | 'accountName'>;
}) {
  const { t } = useTranslation();
  const Icon = account.kind === 'bank' ? Landmark : Smartphone;
  return (
    <>
      <Icon size={18} aria-hidden="true" className="shrink-0 text-brand-strong" />
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-text">
          {account.kind === 'ewallet' ? t(`payout.providers.${account.provider}`) : account.provider}{' '}
          <span className="font-normal text-muted tabular">{account.accountNumberMasked}</span>
        </span>
        <span className="block truncate text-xs text-muted">{account.accountName}</span>
      </span>
    </>
  );
}

/** The queries that show payout accounts: refreshed together after a change. */
const PAYOUT_QUERY_KEYS = [['payout-accounts'], ['withdrawal-overview']];

function AddAccountForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [kind, setKind] = useState<'ewallet' | 'bank'>('ewallet');
  const { values, setValues, errors, setErrors, bindField } = useFormValues({
    provider: 'GCASH',
    bankName: '',
    accountName: '',
    accountNumber: '',
  });
  const [answer, setAnswer] = useState<{ message: string; code?: string } | null>(null);

  const mutation = useMutation({
    mutationFn: () =>
      bindPayoutAccount(
        {
          kind,
          provider: kind === 'ewallet' ? values.provider : values.bankName.trim(),
          accountName: values.accountName.trim(),
          accountNumber: values.accountNumber.trim(),
        },
        language,
      ),
    onSuccess: () => {
      setValues((current) => ({ ...current, accountNumber: '' }));
      onAdded();
    },
    onError: (error) => {
      const reason = isApiError(error)
        ? (error.value as { reasons?: Record<string, string> } | undefined)?.reasons
        : undefined;
      if (reason?.accountName === 'payeeMismatch') setErrors({ accountName: t('payout.nameMismatch') });
      else if (reason?.accountNumber === 'taken') setErrors({ accountNumber: t('payout.alreadyBound') });
      else
        setAnswer(
          isApiError(error)
            ? { message: error.message, code: error.code }
            : { message: t('auth.submitFailed') },
        );
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setAnswer(null);
    const next: typeof errors = {};
    if (kind === 'bank' && values.bankName.trim().length < 2) next.bankName = t('auth.inputEmpty');
    if (values.accountName.trim().length < 2) next.accountName = t('auth.inputEmpty');
    if (!/^[0-9][0-9 -]{4,32}[0-9]$/.test(values.accountNumber.trim()))
      next.accountNumber = t('payout.numberFormat');
    setErrors(next);
    if (Object.keys(next).length === 0) mutation.mutate();
  }

  return (
    <form
      className="flex flex-col gap-3 rounded-md border border-dashed border-line p-3"
      onSubmit={submit}
      noValidate
    >
      <Tabs
        label={t('payout.addAccount')}
        items={[
          { key: 'ewallet', label: t('payout.eWallet') },
          { key: 'bank', label: t('payout.bank') },
        ]}
        value={kind}
        onChange={setKind}
      />
      {kind === 'ewallet' ? (
        <fieldset className="flex gap-2">
          <legend className="sr-only">{t('payout.eWallet')}</legend>
          {E_WALLETS.map((provider) => (
            <button
              key={provider}
              type="button"
              aria-pressed={values.provider === provider}
              onClick={() => setValues((current) => ({ ...current, provider }))}
              className={joinClassNames(
                'min-h-11 flex-1 rounded-md border px-3 text-sm font-semibold',
                values.provider === provider
                  ? 'border-brand bg-brand-soft text-text'
                  : 'border-line bg-raised text-muted',
              )}
            >
              {t(`payout.providers.${provider}`)}
            </button>
          ))}
        </fieldset>
      ) : (
        <TextField label={t('payout.bankName')} {...bindField('bankName')} maxLength={60} isRequired />
      )}
      <TextField
        label={t('payout.accountName')}
        hint={t('payout.accountNameHint')}
        autoComplete="name"
        {...bindField('accountName')}
        maxLength={80}
        isRequired
      />
      <TextField
        label={kind === 'ewallet' ? t('payout.mobileNumber') : t('payout.accountNumber')}
        inputMode="numeric"
        autoComplete="off"
        {...bindField('accountNumber')}
        maxLength={34}
        isRequired
      />
      {answer ? <FormNotice message={answer.message} code={answer.code} /> : null}
      <Button type="submit" variant="secondary" className="self-start" disabled={mutation.isPending}>
        {t('payout.addAccount')}
      </Button>
    </form>
  );
}

/** The member's payout accounts (security centre): list, add, remove. */
export function PayoutAccounts() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [isAdding, setAdding] = useState(false);
  const accounts = useQuery({
    queryKey: ['payout-accounts', language],
    queryFn: () => fetchPayoutAccounts(language),
  });
  const refresh = () => {
    for (const queryKey of PAYOUT_QUERY_KEYS) void queryClient.invalidateQueries({ queryKey });
  };
  const remove = useMutation({
    mutationFn: (id: string) => removePayoutAccount(id, language),
    onSuccess: refresh,
  });

  if (accounts.isPending) return <SkeletonLines lines={2} />;
  if (accounts.isError) return <ErrorState isCompact onRetry={() => void accounts.refetch()} />;
  return (
    <div className="flex flex-col gap-3" data-testid="payout-accounts">
      {accounts.data.list.length === 0 ? (
        <EmptyState line={t('payout.noAccounts')} />
      ) : (
        <ul className="divide-y divide-line rounded-md border border-line">
          {accounts.data.list.map((account) => (
            <li key={account.id} className="flex items-center gap-3 px-3 py-2">
              <PayoutAccountSummary account={account} />
              <IconButton
                label={t('payout.remove')}
                disabled={remove.isPending}
                onClick={() => remove.mutate(account.id)}
              >
                <Trash2 size={18} aria-hidden="true" />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      {isAdding ? (
        <AddAccountForm
          onAdded={() => {
            setAdding(false);
            refresh();
          }}
        />
      ) : (
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => setAdding(true)}
          data-testid="add-payout-account"
        >
          {t('payout.addAccount')}
        </Button>
      )}
    </div>
  );
}
