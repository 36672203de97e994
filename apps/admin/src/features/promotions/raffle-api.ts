import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BackOfficeError, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';
import { formatDateTime } from '../../lib/format.ts';

/** A raffle's draw (GET /bo/promotions/{id}/raffle): its commitment, tickets, members and winners. */
export type RaffleAdminView = ValueOf<'/bo/promotions/{id}/raffle'>;

const raffleKey = (promotionId: string) => ['bo', 'promotions', 'raffle', promotionId] as const;

/** While the panel is open, tickets come in and the job may draw: read again this often. */
const RAFFLE_REFRESH_MS = 30_000;

/** The raffle of a promotion of kind raffle, read again every half minute while shown. */
export function useRaffle(promotionId: string) {
  return useQuery({
    queryKey: raffleKey(promotionId),
    queryFn: () =>
      unwrap(backOffice.GET('/bo/promotions/{id}/raffle', { params: { path: { id: promotionId } } })),
    refetchInterval: RAFFLE_REFRESH_MS,
  });
}

/**
 * Draws a raffle that is due, now rather than at the job's next minute. The answer is the raffle
 * drawn; a refusal says why in the operator's words (see drawRefusalOf), and the raffle is read
 * again, since a refusal as already drawn means the winners are there to show.
 */
export function useDrawRaffle(promotionId: string, drawAt: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        return await unwrap(
          backOffice.POST('/bo/promotions/{id}/raffle/draw', { params: { path: { id: promotionId } } }),
        );
      } catch (error) {
        throw drawRefusalOf(error, drawAt);
      }
    },
    onSuccess: async (raffle) => {
      queryClient.setQueryData(raffleKey(promotionId), raffle);
      // The promotion's own answer carries its draw's status and tickets too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bo', 'promotions', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['bo', 'promotions', 'one', promotionId] }),
      ]);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: raffleKey(promotionId) }),
  });
}

/** What the server names with a refusal (`value.reason`, `value.status`), if it does. */
function refusalValueOf(error: BackOfficeError, name: 'reason' | 'status'): string | null {
  const value = error.value as Record<string, unknown> | undefined;
  return typeof value?.[name] === 'string' ? value[name] : null;
}

/**
 * A refused draw in words an operator acts on: not due yet (with when it is), drawn already (by
 * the job, or by another operator a moment ago), or not published (a draft, or withdrawn since the
 * panel was read). Any other refusal is the server's own.
 */
export function drawRefusalOf(error: unknown, drawAt: string): unknown {
  if (!(error instanceof BackOfficeError) || error.code !== 'CONFLICT') return error;
  const status = refusalValueOf(error, 'status');
  if (status !== null) {
    return new BackOfficeError(
      error.code,
      `Only a published raffle is drawn, and this one is ${status === 'draft' ? 'a draft' : status}.`,
      error.value,
    );
  }
  switch (refusalValueOf(error, 'reason')) {
    case 'NOT_DUE':
      return new BackOfficeError(
        error.code,
        `Not due yet: the draw is due ${formatDateTime(drawAt)}, once the raffle has ended and the draw's delay has passed.`,
        error.value,
      );
    case 'DRAWN':
      return new BackOfficeError(
        error.code,
        'Already drawn (by the draw job or another operator): its winners are final and listed below.',
        error.value,
      );
    default:
      return error;
  }
}
