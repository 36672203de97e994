import { useTranslation } from 'react-i18next';
import type { ApiValue } from '../../lib/api/api-client';
import { StatusBadge, type StatusTone } from '../ui/status-badge';

/** The member's state of a promotion (docs/promotions.md "The member's state of a promotion"). */
type PromotionState = ApiValue<'/wps/promotion/list', 'get'>['list'][number]['state'];

/** How each state reads at a glance: on its way, done, refused, open, or just so. */
export const stateTones: Record<PromotionState, StatusTone> = {
  COMING_SOON: 'waiting',
  CLOSE: 'neutral',
  JOIN: 'good',
  JOINED: 'good',
  CLAIM: 'good',
  CLAIMED: 'good',
  APPLY: 'good',
  APPLYING: 'waiting',
  REJECTED: 'bad',
  ISSUED: 'good',
  PROCESS: 'waiting',
  NONE: 'neutral',
};

/** A state's badge; NONE (details only, or not for this member) shows none on a card. */
export function hasBadge(state: PromotionState): boolean {
  return state !== 'NONE';
}

/** The words of a state's badge: a raffle's CLAIM is a prize won, not a bonus offered. */
export function stateWordsKeyOf(state: PromotionState, kind?: string): string {
  return kind === 'raffle' && state === 'CLAIM'
    ? 'promotions.raffle.stateClaim'
    : `promotions.state.${state}`;
}

/**
 * A promotion's state as a badge in its words (a card, the details, the member's own entries);
 * nothing for NONE.
 */
export function PromotionStateBadge({
  state,
  kind,
  testId,
}: {
  state: PromotionState;
  kind?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!hasBadge(state)) return null;
  return (
    <StatusBadge tone={stateTones[state]} testId={testId}>
      {t(stateWordsKeyOf(state, kind))}
    </StatusBadge>
  );
}
