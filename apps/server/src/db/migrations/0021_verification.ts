import { type Kysely, sql } from 'kysely';

// One-time codes sent by SMS or email, every message the platform sends (the outbox), and the
// captcha answers bound to a browser.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    /** What the code is for: register, noLogin (SMS login and password by phone), loginStep, … */
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('channel', 'text', (column) => column.notNull().check(sql`channel in ('sms', 'email')`))
    /** E.164 phone number or lower-case email address. */
    .addColumn('destination', 'text', (column) => column.notNull())
    /** HMAC-SHA256 of the code, hex; the code itself is only in the message. */
    .addColumn('code_hash', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('verification_codes_lookup_idx')
    .on('verification_codes')
    .columns(['merchant_id', 'destination', 'purpose', 'created_at'])
    .execute();

  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('merchant_id', 'text', (column) => column.notNull().references('merchants.id'))
    .addColumn('channel', 'text', (column) => column.notNull().check(sql`channel in ('sms', 'email')`))
    .addColumn('destination', 'text', (column) => column.notNull())
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (column) => column.notNull())
    /** Which provider took it: outbox (kept here only), http, smtp. */
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('stored', 'sent', 'failed')`),
    )
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('outbox_messages_destination_idx')
    .on('outbox_messages')
    .columns(['destination', 'created_at'])
    .execute();
  await db.schema
    .createIndex('outbox_messages_merchant_idx')
    .on('outbox_messages')
    .columns(['merchant_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('captcha_challenges')
    /** The value of the browser's HttpOnly `captchaId` cookie. */
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('answer_hash', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('captcha_challenges_expiry_idx')
    .on('captcha_challenges')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('captcha_challenges').execute();
  await db.schema.dropTable('outbox_messages').execute();
  await db.schema.dropTable('verification_codes').execute();
}
