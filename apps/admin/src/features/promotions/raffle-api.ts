import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '../../lib/api-client.ts';
import { BackOfficeError } from '../../lib/back-office-api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { announceSessionEnded, readSessionToken } from '../../lib/session.ts';
import type { RaffleStatus, RaffleWinnerStatus } from './promotion-labels.ts';

/** A raffle's prize as the back office lists it after the draw. */
export type RaffleWinnerRow = {
  id: string;
  rank: number;
  ticketId: string;
  memberId: string;
  username: string;
  amount: string;
  status: RaffleWinnerStatus;
  claimBy: string;
  claimedAt: string | null;
};

/** A raffle's draw (GET /bo/promotions/{id}/raffle): its commitment, tickets and winners. */
export type RaffleAdminView = {
  status: RaffleStatus;
  serverSeedHash: string;
  /** Revealed by the draw. */
  serverSeed: string | null;
  clientSeed: string | null;
  /** The end and the draw's delay after it. */
  drawAt: string;
  drawnAt: string | null;
  ticketCount: number;
  /** Members who joined. */
  participants: number;
  winners: RaffleWinnerRow[];
};

const raffleKey = (promotionId: string) => ['bo', 'promotions', 'raffle', promotionId] as const;

/** While the panel is open, tickets come in and the job may draw: read again this often. */
export const RAFFLE_REFRESH_MS = 30_000;

/** A /bo call's value; a refusal throws a BackOfficeError with the server's code and value. */
async function answerOf<Value>(path: string, method: 'GET' | 'POST'): Promise<Value> {
  const answer = await requestEnvelope<Value>(path, { method, token: readSessionToken() });
  if (answer.success) return answer.value;
  if (answer.code === 'NOT_LOGGED_IN') announceSessionEnded();
  throw new BackOfficeError(answer.code, answer.message, answer.value);
}

/** The raffle of a promotion of kind raffle, read again every half minute while shown. */
export function useRaffle(promotionId: string) {
  return useQuery({
    queryKey: raffleKey(promotionId),
    queryFn: () =>
      answerOf<RaffleAdminView>(`/bo/promotions/${encodeURIComponent(promotionId)}/raffle`, 'GET'),
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
        return await answerOf<RaffleAdminView>(
          `/bo/promotions/${encodeURIComponent(promotionId)}/raffle/draw`,
          'POST',
        );
      } catch (error) {
        throw drawRefusalOf(error, drawAt);
      }
    },
    onSuccess: (raffle) => {
      queryClient.setQueryData(raffleKey(promotionId), raffle);
      return queryClient.invalidateQueries({ queryKey: ['bo', 'promotions', 'list'] });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: raffleKey(promotionId) }),
  });
}

/** The reason the server gives with a refusal (`value.reason`), if any. */
function reasonOf(error: BackOfficeError): string | null {
  const value = error.value as Record<string, unknown> | undefined;
  return typeof value?.reason === 'string' ? value.reason : null;
}

/**
 * A refused draw in words an operator acts on: not due yet (with when it is), or drawn already
 * (by the job, or by another operator a moment ago). Any other refusal is the server's own.
 */
export function drawRefusalOf(error: unknown, drawAt: string): unknown {
  if (!(error instanceof BackOfficeError) || error.code !== 'CONFLICT') return error;
  switch (reasonOf(error)) {
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
