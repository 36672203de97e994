// The open state of a multi-step round (mines, blackjack) is stored by the server between actions
// so that the round resumes after a disconnect or a restart. States hold bigint stakes, which JSON
// cannot carry, so they are written as {"$bigint": "<digits>"} and read back exactly.

type EncodedBigInt = { $bigint: string };

function isEncodedBigInt(value: unknown): value is EncodedBigInt {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).length === 1 &&
    typeof (value as EncodedBigInt).$bigint === 'string' &&
    /^-?\d+$/.test((value as EncodedBigInt).$bigint)
  );
}

export function serializeState(state: unknown): string {
  return JSON.stringify(state, (_key, value: unknown) =>
    typeof value === 'bigint' ? ({ $bigint: value.toString() } satisfies EncodedBigInt) : value,
  );
}

/** Reads back what serializeState wrote; the caller states the type it stored. */
export function parseState<T>(text: string): T {
  return JSON.parse(text, (_key, value: unknown) =>
    isEncodedBigInt(value) ? BigInt(value.$bigint) : value,
  ) as T;
}
