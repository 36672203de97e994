/** Joins class names, skipping false, null and undefined. */
export function joinClassNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
