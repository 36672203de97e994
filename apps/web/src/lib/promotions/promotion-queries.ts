import { useQueryClient } from '@tanstack/react-query';
import { BONUSES_KEY } from '../bonus/bonuses';

/**
 * Every promotion query starts with this key (the lists, details, counts and the member's own
 * entries), so that taking part reloads them all.
 */
export const PROMOTIONS_KEY = ['promotions'] as const;

/**
 * After the member takes part or gives a bonus up, everything that shows it loads again: the
 * promotions, the bonuses, the side menu's count of offers, the bonus wallet and what a withdrawal
 * may take.
 */
export function useRefreshAfterTakingPart() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [
      PROMOTIONS_KEY,
      BONUSES_KEY,
      ['system', 'publicState'],
      ['bonus-details'],
      ['withdrawal-overview'],
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}
