/**
 * A broken invariant is a bug of ours, never a client's mistake: it answers UNKNOWN (500) and is
 * logged with its message, which says what should have held. Client-facing failures are AppError.
 */
export class InvariantError extends Error {
  override readonly name = 'InvariantError';
}

/** Throws an InvariantError saying `message` unless `condition` holds; narrows the type after it. */
export function assertInvariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new InvariantError(message);
}

/** Returns `value` when it is present, else throws an InvariantError saying `message`. */
export function present<T>(value: T | null | undefined, message: string): T {
  if (value === null || value === undefined) throw new InvariantError(message);
  return value;
}
