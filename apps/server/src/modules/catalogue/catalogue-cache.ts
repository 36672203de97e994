/**
 * Answers of the lobby's public lists (games pages, hot games), kept in memory for as long as the
 * catalogue is unchanged, and never served stale.
 *
 * Every statement that writes games or vendors, whichever process runs it, counts the catalogue's
 * version up in its own transaction and notifies the channel CATALOGUE_CHANNEL at commit
 * (migration 0091). How a change is learnt depends on the database:
 *
 *   embedded (PGlite)  every writer lives in this process, and the engine calls its listeners
 *                      before the writer's own call returns, so a notification clears the kept
 *                      answers before anyone can ask again: no query per call at all.
 *   PostgreSQL         other processes write too, and a notification arrives on another
 *                      connection at its own pace, so each call reads the version with a read
 *                      that started after the call arrived: a change committed before the call
 *                      is always seen. Concurrent calls share one read (at most one is in flight;
 *                      calls that arrive during it wait for the next), so under load the database
 *                      answers one tiny query per batch of calls instead of a list query per call.
 */
export type CatalogueCache = {
  /** The answer kept under key while the catalogue is unchanged, else load()'s, kept for the next call. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** How many answers are kept. */
  size(): number;
};

/** How the cache learns of changes: a listener on an embedded database, or version reads. */
export type CatalogueChanges =
  | {
      kind: 'listen';
      /** Calls onChange when a change commits, before the writer's call returns; resolves once listening. */
      listen(channel: string, onChange: () => void): Promise<unknown>;
    }
  | {
      kind: 'version';
      /** The catalogue's version, as committed. */
      readVersion(): Promise<string>;
    };

export const CATALOGUE_CHANNEL = 'panalo_catalogue';
/** Bounds memory against a flood of distinct searches; the oldest answers go first. */
export const CATALOGUE_CACHE_ENTRIES_MAX = 2_000;

const ignore = () => undefined;

export function createCatalogueCache(changes: CatalogueChanges, maxEntries = CATALOGUE_CACHE_ENTRIES_MAX) {
  const entries = new Map<string, Promise<unknown>>();

  function keep<T>(key: string, load: () => Promise<T>): Promise<T> {
    const kept = entries.get(key);
    if (kept) return kept as Promise<T>;
    const loading = load();
    entries.set(key, loading);
    loading.catch(() => {
      if (entries.get(key) === loading) entries.delete(key);
    });
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    return loading;
  }

  if (changes.kind === 'listen') {
    // Until the listener is in place, nothing is kept: a change could go unheard.
    let listening = false;
    const ready = changes
      .listen(CATALOGUE_CHANNEL, () => entries.clear())
      .then(() => {
        listening = true;
      });
    // A failed LISTEN leaves the cache off (every call loads) rather than taking the server down.
    ready.catch(ignore);
    return {
      get<T>(key: string, load: () => Promise<T>): Promise<T> {
        // An entry in the map was loaded after the last change: older ones were cleared with it.
        return listening ? keep(key, load) : load();
      },
      size: () => entries.size,
    } satisfies CatalogueCache;
  }

  const { readVersion } = changes;
  let keptVersion: string | undefined;
  let reading: Promise<string> | null = null;
  let queued: Promise<string> | null = null;

  /** A version read that starts now, or as soon as the one in flight ends. */
  function readFreshVersion(): Promise<string> {
    if (reading === null) {
      const read = readVersion();
      reading = read;
      const done = () => {
        if (reading === read) reading = null;
      };
      read.then(done, done);
      return read;
    }
    if (queued === null) {
      // Its callback runs after `done` above (registered first), so the read it starts is a new one.
      queued = reading.then(ignore, ignore).then(() => {
        queued = null;
        return readFreshVersion();
      });
    }
    return queued;
  }

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const version = await readFreshVersion();
      if (version !== keptVersion) {
        entries.clear();
        keptVersion = version;
      }
      // Loaded after the version was read: at least as new as the version it is kept under.
      return keep(key, load);
    },
    size: () => entries.size,
  } satisfies CatalogueCache;
}
