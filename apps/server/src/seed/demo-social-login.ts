import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A sandbox client as the demo merchant's settings name it. */
export type DemoSocialClient = { provider: 'google' | 'facebook'; clientId: string; clientSecret: string };

/** Client ids of the identity sandbox start with this, so its entries can be told from real ones. */
export const SANDBOX_CLIENT_PREFIX = 'sandbox-';

/**
 * Points the demo merchant's social login at the identity sandbox, whose address and secrets are
 * new on every start. Providers an operator configured (any client id not the sandbox's) are
 * left as they are.
 */
export async function configureDemoSocialLogin(
  db: Kysely<Database>,
  issuer: string,
  clients: readonly DemoSocialClient[],
): Promise<boolean> {
  const merchant = await db
    .selectFrom('merchants')
    .select(['id', 'settings'])
    .where('code', '=', 'panalo')
    .executeTakeFirst();
  if (!merchant) return false;
  const current = ((merchant.settings as { socialLogin?: { clientId: string }[] }).socialLogin ?? []).filter(
    (entry) => !entry.clientId.startsWith(SANDBOX_CLIENT_PREFIX),
  );
  if (current.length > 0) return false;
  const socialLogin = clients.map((client) => ({
    provider: client.provider,
    enabled: true,
    issuer,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    scopes: 'openid email profile',
  }));
  await db
    .updateTable('merchants')
    .set({
      settings: sql`jsonb_set(settings, '{socialLogin}', ${JSON.stringify(socialLogin)}::jsonb)`,
      updated_at: new Date(),
    })
    .where('id', '=', merchant.id)
    .execute();
  return true;
}
