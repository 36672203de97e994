import { useState } from 'react';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { OpenButton } from '../../components/editor-fields.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../components/query-state.tsx';
import { numberHeading, TableHead } from '../../components/query-table.tsx';
import type { Notice } from '../../components/row-editor.tsx';
import { formatPesos } from '../../lib/format.ts';
import { type OperatorVipLevel, useRunVipReview, useVipLevelChange, useVipLevels } from './loyalty-api.ts';
import { VipLevelEditor } from './vip-level-editor.tsx';
import { reviewResultText, VIP_LEVELS_MAX } from './vip-level-form.ts';
import './loyalty.css';

/** Levels pay and count in the merchant's currency: pesos on this platform. */
const money = (amount: string) => formatPesos(amount, 'PHP');

/**
 * The merchant's VIP levels by rank (docs/loyalty.md "VIP"): each with its badge, names, label,
 * what reaching and keeping it asks for and how many members hold it; a level opens in its form,
 * new levels are added from here, a level no member holds may be removed, and the monthly review
 * may be run now. Changes need loyalty.write.
 */
export function VipLevelsTab(props: {
  merchantId: string;
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
}) {
  const confirm = useConfirmedAction();
  const levels = useVipLevels(props.merchantId);
  const change = useVipLevelChange();
  const review = useRunVipReview();
  const [open, setOpen] = useState<OperatorVipLevel | 'new' | null>(null);
  const rows = levels.data ?? [];

  if (open !== null && levels.data) {
    return (
      <VipLevelEditor
        key={open === 'new' ? 'new' : open.id}
        merchantId={props.merchantId}
        level={open === 'new' ? null : open}
        levels={levels.data}
        canWrite={props.canWrite}
        onNotice={props.onNotice}
        onClose={() => setOpen(null)}
      />
    );
  }

  function askRemove(level: OperatorVipLevel) {
    confirm.ask({
      title: `Remove the level ${level.label}?`,
      confirmLabel: 'Remove',
      tone: 'danger',
      facts: [
        ['Level', `${level.label} · rank ${level.rank}`],
        ['Members holding it', level.holders.toLocaleString('en-PH')],
        [
          'Effect',
          level.holders > 0
            ? 'Members hold it: the server refuses to remove it until none does (the review or an operator moves them).'
            : 'The level and its benefits go. Members who reach its thresholds get the level below it.',
        ],
      ],
      run: () => change.mutateAsync({ kind: 'remove', id: level.id }),
      doneText: `${level.label} removed.`,
    });
  }

  function askReview() {
    confirm.ask({
      title: 'Run the VIP review now?',
      confirmLabel: 'Run the review',
      tone: 'primary',
      facts: [
        [
          'Effect',
          "Members whose guarantee has ended and who miss their level's retention go down to the highest level they keep; the monthly bonuses of this month are paid once. Nobody rises: upgrades happen as thresholds are met.",
        ],
        ['This month', 'Counts as reviewed: the review day does not run it again this month.'],
        ['Audit', 'The run is recorded with your name and what it did.'],
      ],
      run: async () => {
        const result = await review.mutateAsync(props.merchantId);
        props.onNotice({ tone: 'success', title: reviewResultText(result) });
      },
    });
  }

  return (
    <section aria-label="VIP levels">
      {confirm.element}
      {props.canWrite && (
        <div className="toolbar">
          <button
            className="button button--primary"
            type="button"
            disabled={rows.length >= VIP_LEVELS_MAX}
            title={rows.length >= VIP_LEVELS_MAX ? `At most ${VIP_LEVELS_MAX} levels.` : undefined}
            onClick={() => setOpen('new')}
          >
            Add a level
          </button>
          <span className="toolbar__spacer" />
          <button
            className="button button--quiet"
            type="button"
            disabled={confirm.isSending}
            onClick={askReview}
          >
            Run the review now…
          </button>
        </div>
      )}
      {levels.isError ? (
        <ErrorState error={levels.error} onRetry={() => void levels.refetch()} />
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="vip-levels">
            <TableHead
              headings={[
                { label: 'Badge', className: 'vip-badge-cell' },
                numberHeading('Rank'),
                'Label',
                'Name (TY / EN)',
                'To reach',
                'To keep',
                numberHeading('Guaranteed'),
                numberHeading('Members'),
                '',
              ]}
            />
            <tbody>
              {levels.isPending ? (
                <SkeletonRows columns={9} rows={4} />
              ) : (
                rows.map((level) => (
                  <tr key={level.id}>
                    <td className="vip-badge-cell">
                      {level.badgeUrl ? (
                        <img className="vip-badge" src={level.badgeUrl} alt="" loading="lazy" />
                      ) : (
                        <span className="muted">—</span>
                      )}
                    </td>
                    <td className="number mono">{level.rank}</td>
                    <td>
                      <span className="badge badge--brand">{level.label}</span>
                    </td>
                    <td>
                      {level.names.TY || '—'}
                      <span className="muted"> / {level.names.EN || '—'}</span>
                    </td>
                    <td className="small mono">
                      {money(level.deposit)} deposits
                      <br />
                      {money(level.validBet)} valid bet
                    </td>
                    <td className="small mono">
                      {money(level.keepDeposit)} deposits
                      <br />
                      {money(level.keepValidBet)} valid bet
                    </td>
                    <td className="number">{level.guaranteedDays} days</td>
                    <td className="number mono">{level.holders.toLocaleString('en-PH')}</td>
                    <td>
                      <div className="row-actions">
                        <OpenButton
                          canWrite={props.canWrite}
                          name={level.label}
                          onOpen={() => setOpen(level)}
                        />
                        {props.canWrite && (
                          <button
                            className="button button--danger button--small"
                            type="button"
                            aria-label={`Remove ${level.label}`}
                            title={
                              level.holders > 0
                                ? 'Members hold it: the server refuses until none does.'
                                : undefined
                            }
                            disabled={confirm.isSending}
                            onClick={() => askRemove(level)}
                          >
                            Remove…
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          {levels.data && rows.length === 0 && (
            <EmptyState title="No VIP levels yet.">
              Members hold no level until there is one. Add rank 1 first: the lowest.
            </EmptyState>
          )}
        </div>
      )}
      <p className="muted small">
        The window, the review day and the gifts' wagering are set in Configuration → VIP.
      </p>
    </section>
  );
}
