import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const SERVICE_WORKER_SOURCE = fileURLToPath(new URL('../src/lib/pwa/service-worker.ts', import.meta.url));
const SERVICE_WORKER_FILE = 'sw.js';
const PRECACHE_PLACEHOLDER = '__PANALO_PRECACHE__';
const VERSION_PLACEHOLDER = '__PANALO_BUILD_VERSION__';
/** The entry of the player SPA in vite.config.ts's rollupOptions.input. */
const SHELL_ENTRY = 'main';
/** Fonts of the Latin alphabets Tagalog, English and Vietnamese game names are written in. */
const SHELL_FONT_PATTERN = /(?:latin|latin-ext|vietnamese)-wght-normal-[\w-]+\.woff2$/;

type ChunkMetadata = { viteMetadata?: { importedCss: Set<string> } };

function isChunk(file: OutputBundle[string]): file is OutputChunk {
  return file.type === 'chunk';
}

/**
 * The app shell: the page, the SPA entry's script with every script it imports at once (not the
 * routes it loads lazily) and their styles, the favicon and the fonts. Paths from the site's root.
 */
function shellFilesOf(bundle: OutputBundle): string[] {
  const entry = Object.values(bundle).find(
    (file): file is OutputChunk => isChunk(file) && file.isEntry && file.name === SHELL_ENTRY,
  );
  if (!entry) throw new Error(`The build has no "${SHELL_ENTRY}" entry for the service worker's shell`);
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of (chunk as OutputChunk & ChunkMetadata).viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next && isChunk(next)) visit(next);
    }
  };
  visit(entry);
  for (const file of Object.values(bundle)) {
    if (file.type === 'asset' && SHELL_FONT_PATTERN.test(file.fileName)) files.add(file.fileName);
  }
  return ['/', '/favicon.svg', ...[...files].sort().map((file) => `/${file}`)];
}

/**
 * Builds the lite app's service worker (src/lib/pwa/service-worker.ts) as /sw.js, a file of its own at
 * the site's root so that its scope is the whole site, and writes into it the shell's files and a
 * version made from them: a build whose shell changed installs a new worker, which drops the old
 * cache.
 */
export function serviceWorker(): Plugin {
  return {
    name: 'panalo:service-worker',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: SERVICE_WORKER_SOURCE, fileName: SERVICE_WORKER_FILE });
    },
    generateBundle(_options, bundle) {
      const worker = bundle[SERVICE_WORKER_FILE];
      if (!worker || !isChunk(worker)) throw new Error('The build wrote no service worker');
      if (worker.imports.length > 0) throw new Error('The service worker must be one file, without imports');
      const shell = shellFilesOf(bundle);
      const version = createHash('sha256').update(shell.join('\n')).digest('hex').slice(0, 16);
      // Each placeholder is a string literal in the minified code, in whichever quotes it chose: the
      // literal with its quotes is replaced by a JSON string, which is a valid JavaScript string.
      const fill = (code: string, placeholder: string, value: string) => {
        const literal = new RegExp(`(["'\`])${placeholder}\\1`);
        if (!literal.test(code)) throw new Error(`The service worker lost its placeholder ${placeholder}`);
        return code.replace(literal, () => JSON.stringify(value));
      };
      worker.code = fill(
        fill(worker.code, PRECACHE_PLACEHOLDER, JSON.stringify(shell)),
        VERSION_PLACEHOLDER,
        version,
      );
    },
  };
}
