import { Gauge, RefreshCw, Zap } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { joinClassNames } from '../../../lib/class-names';
import {
  addressOnMirror,
  browserClock,
  fetchProbeFromBrowser,
  type ProbeResult,
  pickFastest,
  probeMirror,
} from '../../../lib/system/line-detection';

type MirrorRow = { origin: string; latencyMs: number | null; isDone: boolean };

function hostOf(origin: string): string {
  return new URL(origin).host;
}

/**
 * Line detection (spec §2): every mirror of the merchant is timed from this browser at once, each
 * row shows its median latency as it arrives, the fastest is marked once all have answered, and
 * "switch" opens the same page on that mirror.
 */
export function LineDetectionDialog({
  mirrors,
  onClose,
}: {
  mirrors: readonly string[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<MirrorRow[]>([]);
  const [run, setRun] = useState(0);
  const milliseconds = useMemo(
    () =>
      new Intl.NumberFormat(i18n.language === 'en' ? 'en-PH' : 'fil-PH', {
        style: 'unit',
        unit: 'millisecond',
        unitDisplay: 'short',
      }),
    [i18n.language],
  );

  const probeAll = useCallback(
    (isCancelled: () => boolean) => {
      setRows(mirrors.map((origin) => ({ origin, latencyMs: null, isDone: false })));
      for (const origin of mirrors) {
        void probeMirror(origin, fetchProbeFromBrowser, browserClock).then((result: ProbeResult) => {
          if (isCancelled()) return;
          setRows((current) =>
            current.map((row) =>
              row.origin === result.origin ? { ...row, latencyMs: result.latencyMs, isDone: true } : row,
            ),
          );
        });
      }
    },
    [mirrors],
  );

  useEffect(() => {
    let isCancelled = false;
    // `run` starts a new measurement when the player asks to test again.
    if (run >= 0) probeAll(() => isCancelled);
    return () => {
      isCancelled = true;
    };
  }, [probeAll, run]);

  const isDone = rows.length > 0 && rows.every((row) => row.isDone);
  const fastest = isDone ? pickFastest(rows) : null;
  const here = window.location.origin;

  return (
    <Dialog
      title={t('lineDetection.title')}
      onClose={onClose}
      size="sm"
      testId="line-detection-dialog"
      footer={
        <Button
          variant="secondary"
          className="w-full"
          disabled={!isDone}
          icon={<RefreshCw size={16} aria-hidden="true" />}
          onClick={() => setRun((count) => count + 1)}
          data-testid="line-detection-retest"
        >
          {t('lineDetection.retest')}
        </Button>
      }
    >
      <p className="mb-4 text-sm text-muted">{t('lineDetection.intro')}</p>
      <ul className="flex flex-col gap-2" aria-busy={!isDone}>
        {rows.map((row) => {
          const isFastest = row.origin === fastest;
          const isHere = row.origin === here;
          return (
            <li
              key={row.origin}
              data-testid="line-detection-row"
              data-fastest={isFastest ? 'true' : undefined}
              className={joinClassNames(
                'flex min-h-14 items-center gap-3 rounded-md border bg-raised px-3 py-2',
                isFastest ? 'border-accent' : 'border-line',
              )}
            >
              <Gauge size={18} aria-hidden="true" className="shrink-0 text-brand-strong" />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-sm font-semibold" data-testid="line-detection-host">
                  {hostOf(row.origin)}
                </span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted">
                  <span className="tabular" data-testid="line-detection-latency">
                    {!row.isDone
                      ? t('lineDetection.probing')
                      : row.latencyMs === null
                        ? t('lineDetection.unreachable')
                        : milliseconds.format(row.latencyMs)}
                  </span>
                  {isFastest ? (
                    <span
                      className="inline-flex items-center gap-1 rounded-full bg-accent px-2 py-0.5 font-semibold text-on-accent"
                      data-testid="line-detection-fastest"
                    >
                      <Zap size={12} aria-hidden="true" />
                      {t('lineDetection.fastest')}
                    </span>
                  ) : null}
                  {isHere ? <span>{t('lineDetection.current')}</span> : null}
                </span>
              </div>
              {isHere ? null : (
                <Button
                  variant={isFastest ? 'primary' : 'secondary'}
                  size="sm"
                  disabled={row.isDone && row.latencyMs === null}
                  aria-label={t('lineDetection.switchTo', { host: hostOf(row.origin) })}
                  onClick={() => window.location.assign(addressOnMirror(row.origin, window.location))}
                  data-testid="line-detection-switch"
                >
                  {t('lineDetection.switch')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
