import { isApiError } from '../../lib/api/api-error';

// The server's refusals of a redeem or a conversion (docs/loyalty.md "Points", Errors), turned into
// what the dialog shows next to the field they concern. The client reads the code and its value,
// never the message's text, except to show a field's message the server wrote for it.

export type PointFailure =
  /** Not enough points: `have` is the balance the server read, when it gave one. */
  | { field: 'amount'; reason: 'notEnoughPoints'; have: number | null }
  | { field: 'amount'; reason: 'stockShort' }
  | { field: 'amount'; reason: 'limitReached' }
  | { field: 'amount'; reason: 'server'; message: string }
  | { field: 'address'; reason: 'server'; message: string }
  | { field: 'paymentPassword'; reason: 'wrongPassword' }
  | { field: 'form'; reason: 'requirement'; missing: string | null }
  | { field: 'form'; reason: 'notMarketable' }
  | { field: 'form'; reason: 'needPaymentPassword' }
  | { field: 'form'; reason: 'tooManyTries'; message: string }
  | { field: 'form'; reason: 'message'; message: string; code?: string };

type FailureValue = {
  points?: unknown;
  limit?: unknown;
  reason?: unknown;
  missing?: unknown;
  fields?: Record<string, unknown>;
};

function failureValueOf(value: unknown): FailureValue {
  return typeof value === 'object' && value !== null ? (value as FailureValue) : {};
}

/** The amount still missing for a requirement: the server's wire amount, or its `amount` field. */
function missingAmountOf(missing: unknown): string | null {
  if (typeof missing === 'string') return missing;
  if (typeof missing === 'object' && missing !== null) {
    const amount = (missing as { amount?: unknown }).amount;
    if (typeof amount === 'string') return amount;
  }
  return null;
}

/**
 * A failed redeem or conversion as the dialog shows it. `amountField` is the field the count of
 * points or units is typed in ('quantity' or 'points' on the wire); `fallback` is said when no
 * answer came back at all.
 */
export function pointFailureOf(
  error: unknown,
  amountField: 'quantity' | 'points',
  fallback: string,
): PointFailure {
  if (!isApiError(error)) return { field: 'form', reason: 'message', message: fallback };
  const value = failureValueOf(error.value);
  switch (error.code) {
    case 'INSUFFICIENT_FUNDS':
      return {
        field: 'amount',
        reason: 'notEnoughPoints',
        have: typeof value.points === 'number' ? value.points : null,
      };
    case 'LIMIT_REACHED':
      return value.limit === 'stock'
        ? { field: 'amount', reason: 'stockShort' }
        : { field: 'amount', reason: 'limitReached' };
    case 'CONFLICT':
      if (value.reason === 'REQUIREMENT') {
        return { field: 'form', reason: 'requirement', missing: missingAmountOf(value.missing) };
      }
      break;
    case 'VALIDATION': {
      const fields = value.fields ?? {};
      const amountMessage = fields[amountField];
      if (typeof amountMessage === 'string')
        return { field: 'amount', reason: 'server', message: amountMessage };
      const addressMessage = fields.address;
      if (typeof addressMessage === 'string')
        return { field: 'address', reason: 'server', message: addressMessage };
      break;
    }
    // A wrong payment password; BAD_CREDENTIALS is the document's name for it, the same refusal.
    case 'PAYMENT_PASSWORD_INVALID':
    case 'BAD_CREDENTIALS':
      return { field: 'paymentPassword', reason: 'wrongPassword' };
    case 'PAYMENT_PASSWORD_REQUIRED':
      return { field: 'form', reason: 'needPaymentPassword' };
    case 'RATE_LIMITED':
      return { field: 'form', reason: 'tooManyTries', message: error.message };
    case 'FORBIDDEN':
      return { field: 'form', reason: 'notMarketable' };
  }
  return { field: 'form', reason: 'message', message: error.message, code: error.code };
}
