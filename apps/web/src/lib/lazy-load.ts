/** Spec §8/§9: a script chunk that has not answered within 120 s counts as failed. */
export const chunkTimeoutMs = 120_000;

export type ChunkFailureKind = 'load' | 'timeout';

/** A chunk import that failed or timed out; the route error boundary shows it with a Reload action. */
export class ChunkLoadError extends Error {
  readonly kind: ChunkFailureKind;
  constructor(kind: ChunkFailureKind, cause?: unknown) {
    super(kind === 'timeout' ? 'Chunk load timed out' : 'Chunk failed to load', { cause });
    this.name = 'ChunkLoadError';
    this.kind = kind;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** Wraps a dynamic import: failures become ChunkLoadError('load'), no answer in time ChunkLoadError('timeout'). */
export function importWithTimeout<Module>(
  load: () => Promise<Module>,
  timeoutMs = chunkTimeoutMs,
): Promise<Module> {
  return new Promise<Module>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('load', error));
      },
    );
  });
}
