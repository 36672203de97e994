/** What the home route loads before it can render, read from Vite's build manifest. */

/** One entry of Vite's .vite/manifest.json (the fields used here). */
export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};

export type Manifest = Record<string, ManifestChunk>;

/** The player app's entry: its index.html; another entry (a second page) only when that is missing. */
export function findEntryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  const home = entries.find(([key]) => key === 'index.html') ?? entries[0];
  if (!home) throw new Error('the manifest has no entry chunk');
  return home[0];
}

/**
 * The JavaScript files of the entry and of every chunk it reaches through static imports,
 * transitively. Dynamic imports are left out: the page does not wait for them to render.
 */
export function collectInitialJavaScript(manifest: Manifest, entryKey: string): string[] {
  const seen = new Set<string>();
  const pending = [entryKey];
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest names a chunk it does not describe: ${key}`);
    seen.add(key);
    pending.push(...(chunk.imports ?? []));
  }
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}
