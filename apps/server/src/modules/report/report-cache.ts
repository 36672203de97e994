/**
 * A bounded cache of report answers (least recently used first out), each stored under the
 * generation of the data it was read from and for at most `ttlMs`: an answer is served again only
 * while the generation is the same and it is young enough. Keeps the promise, so that the same
 * report asked for by several requests at once is computed once; a failed computation is dropped.
 */
export function createReportCache<V>(options: { maxEntries: number; ttlMs: number; now: () => Date }) {
  type Entry = { generation: string; storedAtMs: number; value: Promise<V> };
  const entries = new Map<string, Entry>();

  return {
    get(key: string, generation: string, compute: () => Promise<V>): Promise<V> {
      const atMs = options.now().getTime();
      const hit = entries.get(key);
      entries.delete(key);
      if (hit && hit.generation === generation && atMs - hit.storedAtMs < options.ttlMs) {
        entries.set(key, hit);
        return hit.value;
      }
      const entry: Entry = { generation, storedAtMs: atMs, value: compute() };
      entries.set(key, entry);
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries) break;
        entries.delete(oldest);
      }
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    get size() {
      return entries.size;
    },
  };
}
