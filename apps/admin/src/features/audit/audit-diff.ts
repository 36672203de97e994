/** One line of a before/after comparison. */
export type DiffLine = {
  path: string;
  before: string;
  after: string;
  kind: 'added' | 'removed' | 'changed' | 'same';
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const show = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));

/**
 * Flattens two snapshots into one line per field (nested objects as dotted paths; arrays whole),
 * saying what happened to each: added, removed, changed or the same.
 */
export function diffSnapshots(before: unknown, after: unknown, prefix = ''): DiffLine[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before === null && after === null) return [];
    const same = show(before) === show(after);
    return [
      {
        path: prefix || 'value',
        before: show(before ?? undefined),
        after: show(after ?? undefined),
        kind: same ? 'same' : before == null ? 'added' : after == null ? 'removed' : 'changed',
      },
    ];
  }
  const left = isRecord(before) ? before : {};
  const right = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return keys.flatMap((key) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const [from, to] = [left[key], right[key]];
    if (isRecord(from) || isRecord(to)) return diffSnapshots(from ?? null, to ?? null, path);
    const kind = !(key in left)
      ? 'added'
      : !(key in right)
        ? 'removed'
        : show(from) === show(to)
          ? 'same'
          : 'changed';
    return [{ path, before: show(from), after: show(to), kind }];
  });
}
