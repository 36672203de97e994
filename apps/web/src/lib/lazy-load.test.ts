import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, importWithTimeout } from './lazy-load';

describe('lazy chunk loading', () => {
  it('a chunk that fails to load becomes a load error', async () => {
    const failure = importWithTimeout(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await expect(failure).rejects.toMatchObject({ name: 'ChunkLoadError', kind: 'load' });
  });

  it('a chunk that does not answer within the limit becomes a timeout error', async () => {
    vi.useFakeTimers();
    const pending = importWithTimeout(() => new Promise<never>(() => {}), 120_000);
    vi.advanceTimersByTime(120_000);
    await expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(pending).rejects.toMatchObject({ kind: 'timeout' });
    vi.useRealTimers();
  });

  it('a chunk that loads in time is handed through', async () => {
    await expect(importWithTimeout(() => Promise.resolve({ page: 1 }))).resolves.toEqual({ page: 1 });
  });
});
