import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { listCustomerServiceRows } from './content.repository.ts';
import type { CustomerServiceEntry } from './content.service.ts';

/** A token longer than this was not made here (two UUIDs seal to about 150 characters). */
export const CUSTOMER_SERVICE_TOKEN_LENGTH_MAX = 512;

type SealedLink = { merchantId: string; entryId: string };

function isSealedLink(value: unknown): value is SealedLink {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.merchantId === 'string' && typeof record.entryId === 'string';
}

/**
 * Spec §3 "Permission response: customerService (path encrypted)": the public configuration names
 * each customer-service entry but carries in place of its address an AES-256-GCM token, so the chat
 * and hotline addresses are not harvested from one bulk response; a player's click opens one token
 * at a time through a rate-limited route. The token binds the merchant and the entry, so a token
 * copied from one site opens nothing on another.
 */
export type CustomerServiceLinks = ReturnType<typeof createCustomerServiceLinks>;

export function createCustomerServiceLinks(deps: { db: Kysely<Database>; box: SecretBox }) {
  const { db, box } = deps;
  return {
    /** The entries with each path replaced by its sealed token (a fresh nonce each time). */
    seal(merchantId: string, entries: readonly CustomerServiceEntry[]): CustomerServiceEntry[] {
      return entries.map((entry) => ({
        ...entry,
        path: box.seal(JSON.stringify({ merchantId, entryId: entry.id } satisfies SealedLink)),
      }));
    },

    /**
     * The address behind a token, or null when the token is not ours, was sealed for another
     * merchant, or names an entry that has since been disabled or removed. The token names the
     * entry, not its address, so an operator's edit or removal holds at once for tokens already
     * handed out (a browser may keep the permission response for a while).
     */
    async open(merchantId: string, token: string): Promise<string | null> {
      const link = openToken(box, token);
      if (!link || link.merchantId !== merchantId) return null;
      const rows = await listCustomerServiceRows(db, merchantId);
      return rows.find((row) => row.id === link.entryId)?.path ?? null;
    },
  };
}

function openToken(box: SecretBox, token: string): SealedLink | null {
  if (token.length > CUSTOMER_SERVICE_TOKEN_LENGTH_MAX) return null;
  try {
    const link: unknown = JSON.parse(box.open(token));
    return isSealedLink(link) ? link : null;
  } catch {
    // A changed byte fails GCM's tag check; a made-up token fails to split or decode. Both are
    // simply not a link we issued.
    return null;
  }
}
