import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';
import type { BonusTermsWire } from '../../lib/bonus-terms.ts';

export type PlayerBonus = ValueOf<'/bo/players/{id}/bonuses'>['list'][number];

export const BONUSES_PAGE_SIZE = 10;

const bonusesKey = (playerId: string) => ['bo', 'player', playerId, 'bonuses'] as const;

// The terms the form sends are the route's own: a change of the route's fields fails here.
type GrantBody = BodyOf<'/bo/players/{id}/bonuses'>;
const sentTerms = (terms: BonusTermsWire): GrantBody['terms'] => terms satisfies GrantBody['terms'];

/** A player's bonuses, newest first, with the bonus wallet's balance. */
export function usePlayerBonuses(playerId: string, page: number) {
  return useQuery({
    queryKey: [...bonusesKey(playerId), page],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/players/{id}/bonuses', {
          params: { path: { id: playerId }, query: { page, pageSize: BONUSES_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Everything a bonus changes on the player's page: the bonuses, the balances and the ledger. */
function useBonusChange<Input extends { playerId: string }, Value>(run: (input: Input) => Promise<Value>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (_value, input) =>
      queryClient.invalidateQueries({ queryKey: ['bo', 'player', input.playerId] }),
  });
}

/** Grants a bonus by hand, with its terms and the reason kept with it. */
export const useGrantBonus = () =>
  useBonusChange((input: { playerId: string; amount: string; terms: BonusTermsWire; reason: string }) =>
    unwrap(
      backOffice.POST('/bo/players/{id}/bonuses', {
        params: { path: { id: input.playerId } },
        body: { amount: input.amount, terms: sentTerms(input.terms), reason: input.reason },
      }),
    ),
  );

/** Cancels a bonus with a reason: an active one forfeits what the bonus wallet holds. */
export const useCancelBonus = () =>
  useBonusChange((input: { playerId: string; bonusId: string; reason: string }) =>
    unwrap(
      backOffice.POST('/bo/players/{id}/bonuses/{bonusId}/cancel', {
        params: { path: { id: input.playerId, bonusId: input.bonusId } },
        body: { reason: input.reason },
      }),
    ),
  );
