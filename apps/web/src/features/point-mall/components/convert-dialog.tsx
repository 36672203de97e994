import { useMutation } from '@tanstack/react-query';
import { CircleCheck, Wallet } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormNotice, PasswordField, TextField } from '../../../components/ui/field';
import { formatMoney } from '../../../lib/format';
import { toCentavos } from '../../../lib/money';
import { type ConvertResult, convertPoints, type PointsConfig } from '../api/points';
import { checkConvertPoints, convertPreviewOf, convertWageringMinor, parsePoints } from '../exchange';
import { usePointsViewer, useRefreshAfterSpending } from '../hooks/use-points';
import { type PointFailure, pointFailureOf } from '../point-failures';
import {
  convertProblemWords,
  failureWords,
  formatMultiplier,
  formatPointCount,
  moneyOfMinor,
  pointsWords,
} from '../point-words';
import { PaymentPasswordNeeded } from './viewer-prompt';

type FieldErrors = { points?: string; paymentPassword?: string };

/** What the points typed give by the table's row, and the wagering it asks, before anything is sent. */
function ConvertPreviewBox({
  config,
  pointsText,
  symbol,
}: {
  config: PointsConfig;
  pointsText: string;
  symbol: string;
}) {
  const { t } = useTranslation();
  const points = parsePoints(pointsText);
  const preview = points === null || points === 0 ? null : convertPreviewOf(config, points);
  return (
    <div
      className="flex flex-col gap-1 rounded-md border border-line bg-raised px-3 py-3"
      data-testid="convert-preview"
      aria-live="polite"
    >
      {preview ? (
        <>
          <p className="text-xs text-muted tabular">
            {t('pointMall.convert.rate', {
              amount: formatMoney(preview.row.amount, symbol),
              from: pointsWords(t, preview.row.from),
            })}
          </p>
          <p className="flex items-baseline justify-between gap-3">
            <span className="text-sm text-muted">{t('pointMall.convert.youGet')}</span>
            <span className="text-2xl font-bold text-accent-text tabular" data-testid="convert-amount">
              {moneyOfMinor(preview.amountMinor, symbol)}
            </span>
          </p>
          <p className="flex gap-1.5 text-xs text-text" data-testid="convert-wagering">
            <Wallet size={14} aria-hidden="true" className="mt-px shrink-0 text-brand-strong" />
            {t('pointMall.convert.wagering', {
              wagering: moneyOfMinor(preview.wageringMinor, symbol),
              multiplier: formatMultiplier(config.convertMultiplier),
            })}
          </p>
        </>
      ) : (
        <p className="text-sm text-muted">{t('pointMall.convert.previewEmpty')}</p>
      )}
    </div>
  );
}

/** The conversion once made: the amount in the bonus wallet and the wagering it asks. */
function ConvertDone({
  result,
  config,
  symbol,
}: {
  result: ConvertResult;
  config: PointsConfig;
  symbol: string;
}) {
  const { t } = useTranslation();
  const wageringMinor = convertWageringMinor(toCentavos(result.amount) ?? 0n, config.convertMultiplier);
  return (
    <div
      className="flex flex-col items-center gap-3 py-4 text-center"
      data-testid="convert-done"
      role="status"
    >
      <CircleCheck size={48} strokeWidth={1.5} aria-hidden="true" className="text-success" />
      <p className="max-w-sm text-sm text-text">
        {t('pointMall.convert.done', {
          amount: formatMoney(result.amount, symbol),
          wagering: moneyOfMinor(wageringMinor, symbol),
        })}
      </p>
    </div>
  );
}

/**
 * Converting points into the bonus wallet (docs/loyalty.md "Convert"): the points, a preview by
 * the table's row with the wagering said plainly, and the payment password, sealed on the way.
 */
export function ConvertDialog({
  config,
  balance,
  onClose,
}: {
  config: PointsConfig;
  /** The member's points, or null while they load (the server checks them either way). */
  balance: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { language, symbol, hasPaymentPassword } = usePointsViewer();
  const refreshAfterSpending = useRefreshAfterSpending();
  const [pointsText, setPointsText] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<PointFailure | null>(null);
  const [result, setResult] = useState<ConvertResult | null>(null);
  const knownBalance = balance ?? Number.POSITIVE_INFINITY;

  const mutation = useMutation({
    mutationFn: (input: { points: number; paymentPassword: string }) => convertPoints(input, language),
    onSuccess: (answer) => {
      setResult(answer);
      refreshAfterSpending('convert');
    },
    onError: (error) => {
      const failure = pointFailureOf(error, 'points', t('pointMall.problems.failed'));
      const words = failureWords(t, failure, { symbol });
      setPaymentPassword('');
      if (failure.field === 'amount') {
        setErrors({ points: words });
        refreshAfterSpending('redeem');
      } else if (failure.field === 'paymentPassword') setErrors({ paymentPassword: words });
      else setNotice(failure);
    },
  });

  function checkPoints(text: string) {
    const checked = checkConvertPoints(text, { balance: knownBalance, config });
    return 'problem' in checked ? { problem: convertProblemWords(t, checked.problem) } : checked;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const checked = checkPoints(pointsText);
    const next: FieldErrors = {
      ...('problem' in checked ? { points: checked.problem } : {}),
      ...(paymentPassword === '' ? { paymentPassword: t('pointMall.problems.passwordEmpty') } : {}),
    };
    setErrors(next);
    if ('points' in checked && Object.keys(next).length === 0) {
      mutation.mutate({ points: checked.points, paymentPassword });
    }
  }

  const canPay = hasPaymentPassword !== false;
  return (
    <Dialog
      title={t('pointMall.convert.title')}
      onClose={onClose}
      size="sm"
      testId="convert-dialog"
      footer={
        result ? (
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
            data-testid="convert-submit"
          >
            {t('pointMall.convert.submit')}
          </Button>
        ) : null
      }
    >
      {result ? (
        <ConvertDone result={result} config={config} symbol={symbol} />
      ) : canPay ? (
        <form id={`${id}-form`} className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <TextField
            label={t('pointMall.convert.points')}
            inputMode="numeric"
            autoComplete="off"
            value={pointsText}
            onValueChange={(value) => {
              setPointsText(value);
              setErrors((current) => ({ ...current, points: undefined }));
              setNotice(null);
            }}
            onBlur={() => {
              if (pointsText.trim() === '') return;
              const checked = checkPoints(pointsText);
              if ('problem' in checked) setErrors((current) => ({ ...current, points: checked.problem }));
            }}
            error={errors.points}
            hint={
              balance === null
                ? undefined
                : t('pointMall.convert.youHave', { points: pointsWords(t, balance) })
            }
            maxLength={13}
            isRequired
            trailing={
              balance !== null && balance > 0 ? (
                <button
                  type="button"
                  className="-mr-1 min-h-11 rounded-md px-2 text-sm font-semibold text-brand-strong hover:bg-raised-strong"
                  onClick={() => {
                    setPointsText(String(balance));
                    setErrors((current) => ({ ...current, points: undefined }));
                  }}
                  aria-label={`${t('pointMall.convert.all')}: ${formatPointCount(balance)}`}
                >
                  {t('pointMall.convert.all')}
                </button>
              ) : null
            }
            data-testid="convert-points"
          />
          <ConvertPreviewBox config={config} pointsText={pointsText} symbol={symbol} />
          <PasswordField
            label={t('pointMall.redeem.paymentPassword')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={paymentPassword}
            onValueChange={(value) => {
              setPaymentPassword(value);
              setErrors((current) => ({ ...current, paymentPassword: undefined }));
              setNotice(null);
            }}
            error={errors.paymentPassword}
            data-testid="convert-payment-password"
          />
          {notice ? (
            notice.reason === 'needPaymentPassword' ? (
              <PaymentPasswordNeeded />
            ) : (
              <FormNotice message={failureWords(t, notice, { symbol })} code={notice.reason} />
            )
          ) : null}
        </form>
      ) : (
        <PaymentPasswordNeeded />
      )}
    </Dialog>
  );
}
