import { randomInt } from 'node:crypto';
import { migrateToLatest } from './db/migrate.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { provisionOperator, usernameKeyOf } from './modules/operator/operator-accounts.ts';
import { CONFIG_ERROR_EXIT_CODE, loadConfigOrReport, openConfiguredDatabase } from './open-configured.ts';

/**
 * The first platform owner of an installation, which has no operator to create one:
 * `npm run owner:create -- <username>`. It uses the same configuration as the server (DATABASE_URL
 * or DATA_DIR), migrates the database, and prints a temporary password once; the first sign-in
 * must change it and set up an authenticator, like every operator's.
 */
const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{2,31}$/;
// No look-alike characters (0/O, 1/l/I), so that the password survives being read aloud.
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PASSWORD_GROUPS = 4;
const PASSWORD_GROUP_LENGTH = 5;

function temporaryPassword(): string {
  const groups: string[] = [];
  for (let group = 0; group < PASSWORD_GROUPS; group += 1) {
    let text = '';
    for (let index = 0; index < PASSWORD_GROUP_LENGTH; index += 1) {
      text += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    }
    groups.push(text);
  }
  // A digit is always present, as operator passwords need one.
  return `${groups.join('-')}-${randomInt(10)}`;
}

async function createOwner(username: string | undefined): Promise<number> {
  if (!username || !USERNAME_PATTERN.test(username)) {
    console.error('usage: npm run owner:create -- <username>  (3–32 letters, digits, _ . -, a letter first)');
    return 64;
  }
  const config = loadConfigOrReport();
  if (!config) return CONFIG_ERROR_EXIT_CODE;
  const database = await openConfiguredDatabase(config);
  try {
    await migrateToLatest(database.db);
    const taken = await database.db
      .selectFrom('operators')
      .select('id')
      .where('username_key', '=', usernameKeyOf(username))
      .executeTakeFirst();
    if (taken) {
      console.error(`an operator named "${username}" exists already`);
      return 65;
    }
    const password = temporaryPassword();
    const audit = createAuditService({ db: database.db });
    const owner = await provisionOperator(
      { db: database.db, recordChange: audit.record },
      { merchantId: null, username, displayName: username, roleId: 'owner', password },
    );
    await database.db
      .updateTable('operators')
      .set({ must_change_password: true })
      .where('id', '=', owner.id)
      .execute();
    console.log(
      [
        `Platform owner "${username}" created.`,
        `Temporary password (shown once): ${password}`,
        'Sign in to the back office at /admin/: the first sign-in asks for a new password and an authenticator.',
      ].join('\n'),
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await createOwner(process.argv[2]);
