import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { createBackOfficeClient } from './support/bo-client.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'panalo-owner-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs the command as an operator would, on an embedded database of its own. */
function createOwner(...args: string[]) {
  const environment: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
  };
  delete environment.DATABASE_URL;
  return spawnSync(process.execPath, ['apps/server/src/create-owner.ts', ...args], {
    cwd: repositoryRoot,
    env: environment,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run owner:create', () => {
  it('makes the first platform owner with a temporary password that signs in to the authenticator step', async () => {
    const run = createOwner('founder');
    expect(run.status, run.stderr).toBe(0);
    const password = /Temporary password \(shown once\): (\S+)/.exec(run.stdout)?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}-\d$/);

    expect(createOwner('founder').status).toBe(65);
    expect(createOwner('1bad name').status).toBe(64);
    expect(createOwner().status).toBe(64);

    const database = await openDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` });
    const app = await buildApp({ config: { ...loadConfig({ NODE_ENV: 'test' }), runJobs: false }, database });
    try {
      const owner = await database.db
        .selectFrom('operators')
        .select(['merchant_id', 'role_id', 'must_change_password'])
        .where('username_key', '=', 'founder')
        .executeTakeFirstOrThrow();
      expect(owner).toEqual({ merchant_id: null, role_id: 'owner', must_change_password: true });
      const audit = await database.db.selectFrom('audit_log').select(['action', 'actor_name']).execute();
      expect(audit).toEqual([{ action: 'staff.create', actor_name: 'system' }]);
      const client = createBackOfficeClient(app);
      expect((await client.logIn({ username: 'founder', password: 'wrong-password-1' })).body.code).toBe(
        'BAD_CREDENTIALS',
      );
      expect((await client.logIn({ username: 'founder', password })).body.code).toBe('VERIFICATION_REQUIRED');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
