/**
 * A LIKE pattern matching any text that contains `text` as typed: its wildcards are escaped, so
 * that a search for "a_b" finds "a_b", not "axb".
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
