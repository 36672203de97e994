import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts (PNG, WebP, WOFF2) are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a file fits in one packet anyway, and the server sends it as it is. */
const MIN_BYTES = 1024;

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, at the
 * strongest settings: compressing once here costs seconds, whereas compressing on each request
 * would cost the server CPU and the slow phone bytes. The server sends the copy the browser accepts
 * (apps/server/src/http/static/spa.routes.ts); a copy that saves too little is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'panalo:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await listFiles(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return;
          const content = await readFile(file);
          const [brotliBytes, gzipBytes] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          // Worth a second file only when it saves a tenth or more.
          if (brotliBytes.length < content.length * 0.9) await writeFile(`${file}.br`, brotliBytes);
          if (gzipBytes.length < content.length * 0.9) await writeFile(`${file}.gz`, gzipBytes);
        }),
      );
    },
  };
}
