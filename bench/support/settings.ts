/** What every bench reads from its environment and how it sums up its rounds. */

/** The benches listen and load on loopback only. */
export const LOOPBACK = '127.0.0.1';

/** A whole-number setting from the environment; throws when it is out of bounds. */
export function readBoundedInteger(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

/** A setting from the environment that must be one of a few words. */
export function readChoice<const T extends readonly string[]>(
  name: string,
  fallback: T[number],
  choices: T,
): T[number] {
  const raw = process.env[name] ?? fallback;
  if (!choices.includes(raw)) throw new Error(`${name} must be one of ${choices.join(', ')}`);
  return raw;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
