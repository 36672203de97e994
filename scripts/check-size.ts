/**
 * Fails when the player app's home route ships too much JavaScript before anything can render:
 * the entry chunk of apps/web/dist plus every chunk it imports statically, transitively, gzipped.
 * Chunks loaded by dynamic import() are not counted, since the home route does not wait for them.
 * Run after `npm run build`; Vite writes the manifest it reads (build.manifest in the web config).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { collectInitialJavaScript, findEntryKey, type Manifest } from './size-budget.ts';

/** The budget for the home route's initial JavaScript, gzipped: 150 KiB. */
const INITIAL_JAVASCRIPT_GZIP_BYTES_MAX = 150 * 1024;

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const distDirectory = path.join(repositoryRoot, 'apps/web/dist');
const manifestFile = path.join(distDirectory, '.vite/manifest.json');

function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

async function main(): Promise<number> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
  } catch {
    console.error(
      'size: apps/web/dist/.vite/manifest.json is missing; run `npm run build` (the web Vite config needs build.manifest: true)',
    );
    return 1;
  }

  const entryKey = findEntryKey(manifest);
  let total = 0;
  const rows: string[] = [];
  for (const file of collectInitialJavaScript(manifest, entryKey)) {
    const gzipped = gzipSync(await readFile(path.join(distDirectory, file))).length;
    total += gzipped;
    rows.push(`  ${formatKilobytes(gzipped).padStart(9)}  ${file}`);
  }

  console.log(`size: home route initial JavaScript (entry ${entryKey} and its static imports, gzipped):`);
  for (const row of rows) console.log(row);
  const verdict = total <= INITIAL_JAVASCRIPT_GZIP_BYTES_MAX ? 'within' : 'OVER';
  console.log(
    `size: total ${formatKilobytes(total)} (${total} bytes), ${verdict} the budget of ${formatKilobytes(INITIAL_JAVASCRIPT_GZIP_BYTES_MAX)}`,
  );
  return total <= INITIAL_JAVASCRIPT_GZIP_BYTES_MAX ? 0 : 1;
}

process.exitCode = await main();
