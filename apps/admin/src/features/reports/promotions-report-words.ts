import type { LabelMap } from '../../lib/labels.ts';

/** What the promotions report's figures mean, where they could be taken for something else. */
export const PROMOTION_REPORT_HELP =
  'Bonuses granted: bonus wallets credited when a bonus started. Cash paid: cashback paid as cash. Converted: bonus money that became cash once its wagering was done (not counted again in NGR). Forfeited: bonus money back to the house (expired, cancelled, above the conversion cap, left-over winnings swept). NGR effect: granted + cash − forfeited, what promotions took off NGR.';

/** The kinds of promotion, as the report names them. */
export const PROMOTION_REPORT_KIND_LABELS: LabelMap = {
  info: 'Information only',
  deposit_bonus: 'Deposit bonus',
  newbie_bonus: 'Newbie bonus',
  application: 'Application',
  cashback: 'Cashback',
  app_download: 'App download bonus',
};

/** The line of money of no promotion: bonuses granted by hand and left-over winnings swept. */
export const NO_PROMOTION_NAME = 'Manual grants and swept winnings';

/**
 * A report row's promotion as operators read it: its title, Tagalog first as players read it by
 * default, else English, else its id; the line of no promotion by what it holds.
 */
export function promotionNameOf(row: {
  promotionId: string | null;
  title: Record<string, string> | null;
}): string {
  if (row.promotionId === null) return NO_PROMOTION_NAME;
  return row.title?.TY || row.title?.EN || row.promotionId;
}
