import { useMutation } from '@tanstack/react-query';
import { CircleCheck, Minus, Plus, Target } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormNotice, PasswordField, TextField } from '../../../components/ui/field';
import { StatusBadge } from '../../../components/ui/status-badge';
import { joinClassNames } from '../../../lib/class-names';
import { type Goods, type RedeemInput, type RedeemRecord, redeemGoods } from '../api/points';
import { usePointsViewer, useRefreshAfterSpending } from '../hooks/use-points';
import { type PointFailure, pointFailureOf } from '../point-failures';
import {
  addressProblemWords,
  failureWords,
  goodsAmountWords,
  passwordProblemWords,
  pointsWords,
  quantityProblemWords,
  redeemStatusTone,
  redeemStatusWords,
  requirementWords,
  stockWords,
} from '../point-words';
import {
  ADDRESS_LENGTH_MAX,
  checkAddress,
  checkQuantity,
  checkRedeemForm,
  needsAddress,
  parseQuantity,
  REDEEM_QUANTITY_MAX,
  type RedeemFormValues,
  type RedeemProblems,
  redeemQuantityMax,
  redeemTotalPoints,
} from '../redeem-form';
import { GoodsImage, GoodsKindBadge } from './goods-card';
import { PaymentPasswordNeeded } from './viewer-prompt';

type FieldErrors = { quantity?: string; address?: string; paymentPassword?: string };

/** The reward at the top of the dialog: picture, kind, name, description and what it asks. */
function GoodsSummary({ goods, symbol }: { goods: Goods; symbol: string }) {
  const { t } = useTranslation();
  const amount = goodsAmountWords(t, goods, symbol);
  return (
    <div className="flex gap-3">
      <GoodsImage goods={goods} isLazy={false} className="w-28 shrink-0 rounded-md" />
      <div className="flex min-w-0 flex-col gap-1">
        <div>
          <GoodsKindBadge kind={goods.kind} />
        </div>
        <p className="font-semibold text-text">{goods.name}</p>
        <p className="text-sm font-bold text-accent-text tabular">{pointsWords(t, goods.points)}</p>
        {amount ? <p className="text-xs text-text">{amount}</p> : null}
        <p className="text-xs text-muted tabular">
          {stockWords(t, goods.stock)}
          {goods.perMemberLimit !== null
            ? ` · ${t('pointMall.goods.limit', { limit: goods.perMemberLimit })}`
            : ''}
        </p>
      </div>
    </div>
  );
}

/** The redeem once sent: its reference, its status, and the way to its history. */
function RedeemDone({ record, onSeeHistory }: { record: RedeemRecord; onSeeHistory: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      className="flex flex-col items-center gap-3 py-4 text-center"
      data-testid="redeem-done"
      role="status"
    >
      <CircleCheck size={48} strokeWidth={1.5} aria-hidden="true" className="text-success" />
      <p className="text-base font-semibold text-text">{t('pointMall.redeem.doneTitle')}</p>
      <StatusBadge tone={redeemStatusTone[record.status]}>{redeemStatusWords(t, record.status)}</StatusBadge>
      <p className="max-w-sm text-sm text-muted">
        {t('pointMall.redeem.done', { reference: record.reference })}
      </p>
      <Button variant="secondary" onClick={onSeeHistory}>
        {t('pointMall.redeem.seeHistory')}
      </Button>
    </div>
  );
}

/**
 * Redeeming a reward (docs/loyalty.md "Redeem"): the quantity, a delivery address for an item,
 * and the payment password, sealed on the way. Each field says what is wrong with it as soon as
 * it is left, and the server's refusals land next to the field they concern.
 */
export function RedeemDialog({
  goods,
  balance,
  onClose,
  onSeeHistory,
}: {
  goods: Goods;
  /** The member's points, or null while they load (the server checks them either way). */
  balance: number | null;
  onClose: () => void;
  onSeeHistory: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { language, symbol, hasPaymentPassword } = usePointsViewer();
  const refreshAfterSpending = useRefreshAfterSpending();
  const [values, setValues] = useState<RedeemFormValues>({ quantity: '1', address: '', paymentPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<PointFailure | null>(null);
  const [record, setRecord] = useState<RedeemRecord | null>(null);
  const knownBalance = balance ?? Number.POSITIVE_INFINITY;
  const quantityMax = redeemQuantityMax(goods, knownBalance);
  const quantity = parseQuantity(values.quantity);
  const total = redeemTotalPoints(goods, values.quantity);
  const isItem = needsAddress(goods);

  const wordsOf = (problems: RedeemProblems): FieldErrors => ({
    ...(problems.quantity ? { quantity: quantityProblemWords(t, problems.quantity, quantityMax) } : {}),
    ...(problems.address ? { address: addressProblemWords(t, problems.address) } : {}),
    ...(problems.paymentPassword
      ? { paymentPassword: passwordProblemWords(t, problems.paymentPassword) }
      : {}),
  });

  const mutation = useMutation({
    mutationFn: (input: RedeemInput) => redeemGoods(input, language),
    onSuccess: (answer) => {
      setRecord(answer);
      refreshAfterSpending('redeem');
    },
    onError: (error) => {
      const failure = pointFailureOf(error, 'quantity', t('pointMall.problems.failed'));
      const words = failureWords(t, failure, {
        symbol,
        requirement: goods.requirement,
        ...(total === null ? {} : { need: total }),
      });
      setValues((current) => ({ ...current, paymentPassword: '' }));
      if (failure.field === 'amount') setErrors({ quantity: words });
      else if (failure.field === 'address') setErrors({ address: words });
      else if (failure.field === 'paymentPassword') setErrors({ paymentPassword: words });
      else setNotice(failure);
      // A refusal for stock or points may mean the page's figures are old: read them again.
      if (failure.field === 'amount') refreshAfterSpending('redeem');
    },
  });

  function change(field: keyof RedeemFormValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setNotice(null);
  }

  function stepQuantity(step: 1 | -1) {
    const next = Math.min(Math.max(1, (quantity ?? 0) + step), Math.max(1, quantityMax));
    change('quantity', String(next));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const checked = checkRedeemForm(goods, knownBalance, values);
    setErrors(wordsOf(checked.problems));
    if (checked.input) mutation.mutate(checked.input);
  }

  const noticeWords = notice
    ? failureWords(t, notice, {
        symbol,
        requirement: goods.requirement,
        ...(total === null ? {} : { need: total }),
      })
    : null;
  const canPay = hasPaymentPassword !== false;

  return (
    <Dialog
      title={t('pointMall.redeem.title')}
      onClose={onClose}
      size="sm"
      testId="redeem-dialog"
      footer={
        record ? (
          <Button variant="secondary" className="w-full" onClick={onClose}>
            {t('common.close')}
          </Button>
        ) : canPay ? (
          <Button
            type="submit"
            form={`${id}-form`}
            variant="primary"
            className="w-full"
            disabled={mutation.isPending}
            data-testid="redeem-submit"
          >
            {t('pointMall.redeem.submit')}
          </Button>
        ) : null
      }
    >
      {record ? (
        <RedeemDone record={record} onSeeHistory={onSeeHistory} />
      ) : (
        <form id={`${id}-form`} className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <GoodsSummary goods={goods} symbol={symbol} />
          {goods.description ? (
            <p className="text-sm whitespace-pre-line text-muted">{goods.description}</p>
          ) : null}
          {goods.requirement ? (
            <p className="flex gap-1.5 rounded-md bg-raised px-3 py-2 text-xs text-text">
              <Target size={14} aria-hidden="true" className="mt-px shrink-0 text-brand-strong" />
              {requirementWords(t, goods.requirement, symbol)}
            </p>
          ) : null}
          {canPay ? (
            <>
              <TextField
                label={t('pointMall.redeem.quantity')}
                inputMode="numeric"
                autoComplete="off"
                value={values.quantity}
                onValueChange={(value) => change('quantity', value)}
                onBlur={() => {
                  const problem = checkQuantity(goods, knownBalance, values.quantity);
                  if (problem)
                    setErrors((current) => ({
                      ...current,
                      quantity: quantityProblemWords(t, problem, quantityMax),
                    }));
                }}
                error={errors.quantity}
                hint={quantityMax > 0 ? t('pointMall.redeem.maxHint', { max: quantityMax }) : undefined}
                maxLength={String(REDEEM_QUANTITY_MAX).length}
                isRequired
                className="[&_input]:text-center"
                leading={
                  <IconButton
                    label={t('pointMall.redeem.fewer')}
                    onClick={() => stepQuantity(-1)}
                    disabled={quantity === null || quantity <= 1}
                    className="-ml-2 disabled:opacity-40"
                  >
                    <Minus size={18} aria-hidden="true" />
                  </IconButton>
                }
                trailing={
                  <IconButton
                    label={t('pointMall.redeem.more')}
                    onClick={() => stepQuantity(1)}
                    disabled={quantity !== null && quantity >= quantityMax}
                    className="-mr-2 disabled:opacity-40"
                  >
                    <Plus size={18} aria-hidden="true" />
                  </IconButton>
                }
                data-testid="redeem-quantity"
              />
              <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 rounded-md border border-line px-3 py-2 text-sm">
                <dt className="text-muted">{t('pointMall.redeem.total')}</dt>
                <dd className="text-right font-bold text-accent-text tabular" data-testid="redeem-total">
                  {total === null ? '—' : pointsWords(t, total)}
                </dd>
                {balance !== null && total !== null && total <= balance ? (
                  <dd className="col-span-2 text-xs text-muted tabular">
                    {t('pointMall.redeem.balanceAfter', { points: pointsWords(t, balance - total) })}
                  </dd>
                ) : null}
              </dl>
              {isItem ? (
                <div className="flex flex-col gap-1.5">
                  <label htmlFor={`${id}-address`} className="text-sm font-medium text-text">
                    {t('pointMall.redeem.address')}
                    <span className="ml-0.5 text-danger" aria-hidden="true">
                      *
                    </span>
                  </label>
                  <textarea
                    id={`${id}-address`}
                    value={values.address}
                    onChange={(event) => change('address', event.target.value)}
                    onBlur={() => {
                      const problem = checkAddress(goods, values.address);
                      if (problem)
                        setErrors((current) => ({ ...current, address: addressProblemWords(t, problem) }));
                    }}
                    rows={3}
                    maxLength={ADDRESS_LENGTH_MAX + 50}
                    autoComplete="street-address"
                    aria-invalid={errors.address ? true : undefined}
                    aria-describedby={`${id}-address-message`}
                    className={joinClassNames(
                      'min-h-24 w-full resize-y rounded-md border bg-raised px-3 py-2 text-base text-text outline-none transition-colors placeholder:text-muted focus:border-brand md:text-sm',
                      errors.address ? 'border-danger' : 'border-line',
                    )}
                    data-testid="redeem-address"
                  />
                  {errors.address ? (
                    <p id={`${id}-address-message`} className="text-xs text-danger" role="alert">
                      {errors.address}
                    </p>
                  ) : (
                    <p id={`${id}-address-message`} className="text-xs text-muted">
                      {t('pointMall.redeem.addressHint')}
                    </p>
                  )}
                </div>
              ) : null}
              <PasswordField
                label={t('pointMall.redeem.paymentPassword')}
                inputMode="numeric"
                autoComplete="off"
                maxLength={6}
                value={values.paymentPassword}
                onValueChange={(value) => change('paymentPassword', value)}
                error={errors.paymentPassword}
                data-testid="redeem-payment-password"
              />
              {noticeWords && notice ? (
                notice.reason === 'needPaymentPassword' ? (
                  <PaymentPasswordNeeded />
                ) : (
                  <FormNotice message={noticeWords} code={notice.reason} />
                )
              ) : null}
            </>
          ) : (
            <PaymentPasswordNeeded />
          )}
        </form>
      )}
    </Dialog>
  );
}
