import { isApiError } from '../api/api-error';
import { toCentavos } from '../money';

/**
 * The bonus a withdrawal would forfeit, when the server refused it for that reason (409 CONFLICT,
 * value.reason BONUS_ACTIVE, value.bonusAmount: docs/promotions.md "Withdrawing"): the member is
 * asked, and the request sent again with forfeitBonus: true. Null for any other failure.
 */
export function bonusToForfeitOf(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 'CONFLICT') return null;
  const value = error.value as { reason?: unknown; bonusAmount?: unknown } | undefined;
  if (value?.reason !== 'BONUS_ACTIVE' || typeof value.bonusAmount !== 'string') return null;
  return toCentavos(value.bonusAmount) === null ? null : value.bonusAmount;
}
