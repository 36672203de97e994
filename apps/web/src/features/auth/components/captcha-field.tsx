import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { api } from '../../../lib/api/api-client';
import { throttleLeading } from '../../../lib/throttle';

/** Spec §5/§9: the captcha image refreshes at most once a second. */
const captchaRefreshIntervalMs = 1_000;

export function CaptchaField({
  value,
  onValueChange,
  error,
}: {
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const captcha = useQuery({
    queryKey: ['captcha'],
    queryFn: ({ signal }) => api.get('/wps/captcha', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const refresh = useMemo(
    () => throttleLeading(() => void captcha.refetch(), captchaRefreshIntervalMs),
    [captcha.refetch],
  );
  const source = captcha.data
    ? captcha.data.startsWith('data:')
      ? captcha.data
      : `data:image/png;base64,${captcha.data}`
    : null;
  return (
    <TextField
      label={t('auth.captcha')}
      value={value}
      onValueChange={onValueChange}
      error={error}
      isRequired
      autoComplete="off"
      inputMode="numeric"
      trailing={
        <button
          type="button"
          onClick={refresh}
          aria-label={t('common.reload')}
          className="-mr-2 flex h-10 items-center gap-1 rounded-sm px-1"
        >
          {source ? (
            <img src={source} alt="" className="h-9 w-24 rounded-sm bg-on-hero object-contain" />
          ) : captcha.isError ? (
            <RefreshCw size={18} aria-hidden="true" className="text-muted" />
          ) : (
            <Skeleton className="h-9 w-24" />
          )}
        </button>
      }
    />
  );
}
