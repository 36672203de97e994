import { useQueryClient } from '@tanstack/react-query';
import { Cake, LockKeyhole } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api/api-error';
import { dayIn } from '../../../lib/date-presets';
import { usePromotionViewer } from '../../../lib/promotions/use-promotion-viewer';
import { useAuthStore } from '../../../lib/session/auth-store';
import { usePermission } from '../../../lib/system/system-hooks';
import { useSubmission } from '../../../lib/use-submission';
import { setVipBirthday, VIP_KEY, type VipMe } from '../api/vip';
import { birthdayProblemOf, latestBirthdayOf } from '../birthday';
import { formatVipDate } from '../vip-words';

/** The age a member must have when the merchant has not said (the registration's default). */
const DEFAULT_MINIMUM_AGE = 18;

/** Asks once more before the birthday is saved: it can be set only once. */
function ConfirmBirthday({
  dateText,
  isSaving,
  onConfirm,
  onClose,
}: {
  dateText: string;
  isSaving: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('vip.birthday.confirmTitle')} onClose={onClose} size="sm" testId="vip-birthday-confirm">
      <div className="flex flex-col gap-5">
        <p className="text-sm text-text">{t('vip.birthday.confirmLine', { date: dateText })}</p>
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={onClose} disabled={isSaving}>
            {t('vip.birthday.cancel')}
          </Button>
          <Button onClick={onConfirm} disabled={isSaving} data-testid="vip-birthday-confirm-submit">
            {t('vip.birthday.confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * The member's birthday, for the birthday bonus (docs/loyalty.md "Gifts"): set once by the member,
 * after a confirmation; from then on shown read-only (only an operator changes it).
 */
export function BirthdayPanel({ me }: { me: VipMe }) {
  const { t } = useTranslation();
  const { language, timeZone } = usePromotionViewer();
  const token = useAuthStore((state) => state.token);
  const minimumAge = usePermission().data?.minimumAge ?? DEFAULT_MINIMUM_AGE;
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const { isSubmitting, answer, setAnswer, runSubmission } = useSubmission();
  const today = dayIn(timeZone, new Date());

  function check(event: FormEvent) {
    event.preventDefault();
    setAnswer(null);
    const found = birthdayProblemOf(value, { today, minimumAge });
    setProblem(found === null ? null : t(`vip.birthday.${found}`, { age: minimumAge }));
    if (found === null) setConfirming(true);
  }

  function save() {
    void runSubmission(async () => {
      try {
        const next = await setVipBirthday(value, language);
        queryClient.setQueryData([...VIP_KEY, 'me', language, token], next);
      } catch (error) {
        // Set already (here in another tab, or by an operator): the page shows the one kept.
        if (isApiError(error) && error.code === 'CONFLICT') {
          void queryClient.invalidateQueries({ queryKey: [...VIP_KEY, 'me'] });
        }
        throw error;
      } finally {
        setConfirming(false);
      }
    }, t('vip.birthday.failed'));
  }

  return (
    <section
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 md:p-5"
      data-testid="vip-birthday"
    >
      <h2 className="flex items-center gap-2 text-base font-semibold text-text">
        <Cake size={18} aria-hidden="true" className="text-accent-text" />
        {t('vip.birthday.title')}
      </h2>
      {me.birthday ? (
        <>
          <p className="text-lg font-semibold text-text tabular" data-testid="vip-birthday-value">
            {formatVipDate(me.birthday, language, timeZone)}
          </p>
          <p className="flex items-center gap-1.5 text-xs text-muted">
            <LockKeyhole size={14} aria-hidden="true" />
            {t('vip.birthday.readOnlyLine')}
          </p>
        </>
      ) : me.birthdaySettable ? (
        <form className="flex flex-col gap-3" onSubmit={check} noValidate>
          <p className="text-sm text-muted">{t('vip.birthday.line')}</p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <TextField
              className="flex-1"
              type="date"
              label={t('vip.birthday.label')}
              value={value}
              max={latestBirthdayOf(today, minimumAge)}
              min="1900-01-01"
              onValueChange={(next) => {
                setValue(next);
                setProblem(null);
              }}
              error={problem ?? (answer ? answer.message : null)}
              data-testid="vip-birthday-input"
            />
            <Button
              type="submit"
              variant="brand"
              className="sm:mt-7"
              disabled={isSubmitting || value === ''}
              data-testid="vip-birthday-save"
            >
              {t('vip.birthday.save')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-sm text-muted">{t('vip.birthday.notSettableLine')}</p>
      )}
      {isConfirming ? (
        <ConfirmBirthday
          dateText={formatVipDate(value, language, timeZone)}
          isSaving={isSubmitting}
          onConfirm={save}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
