import { type Kysely, sql } from 'kysely';

// A merchant's main origin: the scheme and port its main domain route is reached on, so that every
// link and callback address the server gives out (a password-reset link, a gateway's notify and
// return addresses, a social login's redirect) is built from configuration, never from the Host
// header of whoever asked. A route without a scheme leaves the origin to PUBLIC_ORIGIN.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('merchant_domains')
    .addColumn('scheme', 'text', (column) => column.check(sql`scheme in ('http', 'https')`))
    .addColumn('port', 'integer', (column) => column.check(sql`port between 1 and 65535`))
    .execute();
  await sql`alter table merchant_domains add constraint merchant_domains_port_needs_scheme
    check (port is null or scheme is not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('merchant_domains').dropColumn('port').dropColumn('scheme').execute();
}
