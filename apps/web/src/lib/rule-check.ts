import type { RegisterRule } from './api/system-types';

/** What checking a value needs of a register rule (spec §5); the profile's rules carry the same. */
export type RuleBounds = Pick<
  RegisterRule,
  'required' | 'acceptedPattern' | 'patternId' | 'minLength' | 'maxLength'
>;

/** Why a field is refused; the component turns it into translated text. */
export type FieldError =
  | { kind: 'pattern'; patternId: string; range: string }
  | { kind: 'mismatch' }
  | { kind: 'required' }
  /** The server's own (translated) words for this field. */
  | { kind: 'server'; message: string };

/** "6-12", or "6" when the bounds are equal (spec §5). */
export function formatLengthRange(minLength: number, maxLength: number): string {
  return minLength === maxLength ? String(minLength) : `${minLength}-${maxLength}`;
}

const compiledPatterns = new Map<string, RegExp | null>();

/** The server's acceptedPattern; a lone * matches everything; a pattern this browser cannot compile is left to the server. */
function compilePattern(pattern: string): RegExp | null {
  if (pattern === '*' || pattern === '') return null;
  if (compiledPatterns.has(pattern)) return compiledPatterns.get(pattern) ?? null;
  let compiled: RegExp | null = null;
  try {
    compiled = new RegExp(pattern, 'u');
  } catch {
    try {
      compiled = new RegExp(pattern);
    } catch {
      compiled = null;
    }
  }
  compiledPatterns.set(pattern, compiled);
  return compiled;
}

/** Counts characters as the user sees them (code points), not UTF-16 units. */
function countCharacters(value: string): number {
  return [...value].length;
}

/**
 * Spec §5: a value must match acceptedPattern and its length must lie within minLength..maxLength.
 * An empty required field gets the same pattern message; an empty optional field passes.
 */
export function validateByRule(rule: RuleBounds, value: string): FieldError | null {
  const patternError: FieldError = {
    kind: 'pattern',
    patternId: String(rule.patternId),
    range: formatLengthRange(rule.minLength, rule.maxLength),
  };
  if (value === '') return rule.required ? patternError : null;
  const length = countCharacters(value);
  if (length < rule.minLength || length > rule.maxLength) return patternError;
  const pattern = compilePattern(rule.acceptedPattern);
  if (pattern && !pattern.test(value)) return patternError;
  return null;
}
