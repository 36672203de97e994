import { RSA_OAEP_ALGORITHM, type RsaPublicJwk, type WebCryptoKey } from '@panalo/crypto/sealed-payload.ts';
import { type Kysely, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/schema.ts';
import { assertInvariant } from '../errors/invariant.ts';

/** What GET /wps/system/publicKey hands out. */
export type PublicEncryptionKey = { kid: string; jwk: RsaPublicJwk };

/**
 * The server's RSA-OAEP-256 key pairs for sealed request bodies (API.md "Encrypted payloads").
 * The current key is made on first use; after a rotation the previous key stays accepted, so a
 * client that fetched the key just before still gets through, and every older key is retired.
 */
export type EncryptionKeyStore = {
  /** The key clients should seal with; generated when there is none. */
  currentPublicKey(): Promise<PublicEncryptionKey>;
  /** The private key of an accepted kid (the current or the previous one), else undefined. */
  findPrivateKey(kid: string): Promise<WebCryptoKey | undefined>;
  /** Makes a new current key, keeps exactly the previous one valid and retires the rest. */
  rotate(): Promise<PublicEncryptionKey>;
};

export const RSA_MODULUS_BITS = 2048;
/** The current key and the one before it. */
const ACCEPTED_KEYS = 2;
const KID_LENGTH_MAX = 64;
/** Another node may rotate; a process re-reads the current key at least this often. */
const CURRENT_KEY_CACHE_MS = 60_000;
// Serialises first-use generation and rotation across processes sharing a database.
const KEY_LOCK_ID = 0x70616e61;

type PrivateJwk = Record<string, unknown>;

async function generateKeyPair(): Promise<{ kid: string; publicJwk: RsaPublicJwk; privateJwk: PrivateJwk }> {
  const pair = await globalThis.crypto.subtle.generateKey(
    { ...RSA_OAEP_ALGORITHM, modulusLength: RSA_MODULUS_BITS, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  const kid = uuidv7();
  const exportedPublic = await globalThis.crypto.subtle.exportKey('jwk', pair.publicKey);
  const exportedPrivate = await globalThis.crypto.subtle.exportKey('jwk', pair.privateKey);
  assertInvariant(
    typeof exportedPublic.n === 'string' && typeof exportedPublic.e === 'string',
    'WebCrypto exported an RSA public key without n or e',
  );
  return {
    kid,
    publicJwk: { kty: 'RSA', n: exportedPublic.n, e: exportedPublic.e, alg: 'RSA-OAEP-256', use: 'enc', kid },
    privateJwk: { ...exportedPrivate },
  };
}

function toPublicKey(row: { kid: string; public_jwk: Record<string, unknown> }): PublicEncryptionKey {
  const jwk = row.public_jwk;
  assertInvariant(
    jwk.kty === 'RSA' && typeof jwk.n === 'string' && typeof jwk.e === 'string',
    `encryption key ${row.kid} has a malformed public JWK`,
  );
  return {
    kid: row.kid,
    jwk: { kty: 'RSA', n: jwk.n, e: jwk.e, alg: 'RSA-OAEP-256', use: 'enc', kid: row.kid },
  };
}

/** The key store on the platform database, with imported private keys cached per process. */
export function createEncryptionKeyStore(deps: {
  db: Kysely<Database>;
  now?: () => number;
}): EncryptionKeyStore {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const privateKeys = new Map<string, WebCryptoKey>();
  let current: { key: PublicEncryptionKey; readAt: number } | undefined;

  async function readActive(executor: Kysely<Database>) {
    return executor
      .selectFrom('encryption_keys')
      .select(['kid', 'public_jwk'])
      .where('retired_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('kid', 'desc')
      .limit(ACCEPTED_KEYS)
      .execute();
  }

  async function insertAndRetire(executor: Kysely<Database>): Promise<PublicEncryptionKey> {
    const generated = await generateKeyPair();
    await executor
      .insertInto('encryption_keys')
      .values({
        kid: generated.kid,
        public_jwk: JSON.stringify(generated.publicJwk),
        private_jwk: JSON.stringify(generated.privateJwk),
      })
      .execute();
    const keep = (await readActive(executor)).map((row) => row.kid);
    await executor
      .updateTable('encryption_keys')
      .set({ retired_at: sql<Date>`now()` })
      .where('retired_at', 'is', null)
      .where('kid', 'not in', keep)
      .execute();
    return { kid: generated.kid, jwk: generated.publicJwk };
  }

  async function lock(executor: Kysely<Database>): Promise<void> {
    await sql`select pg_advisory_xact_lock(${KEY_LOCK_ID})`.execute(executor);
  }

  return {
    async currentPublicKey() {
      if (current && now() - current.readAt < CURRENT_KEY_CACHE_MS) return current.key;
      const [newest] = await readActive(db);
      let key: PublicEncryptionKey;
      if (newest) {
        key = toPublicKey(newest);
      } else {
        key = await db.transaction().execute(async (transaction) => {
          await lock(transaction);
          // Another process may have made the first key while this one waited for the lock.
          const [made] = await readActive(transaction);
          return made ? toPublicKey(made) : insertAndRetire(transaction);
        });
      }
      current = { key, readAt: now() };
      return key;
    },

    async findPrivateKey(kid) {
      if (kid.length === 0 || kid.length > KID_LENGTH_MAX) return undefined;
      const active = await readActive(db);
      if (!active.some((row) => row.kid === kid)) {
        privateKeys.delete(kid);
        return undefined;
      }
      const cached = privateKeys.get(kid);
      if (cached) return cached;
      const row = await db
        .selectFrom('encryption_keys')
        .select('private_jwk')
        .where('kid', '=', kid)
        .executeTakeFirst();
      if (!row) return undefined;
      const privateKey = await globalThis.crypto.subtle.importKey(
        'jwk',
        row.private_jwk,
        RSA_OAEP_ALGORITHM,
        false,
        ['decrypt'],
      );
      privateKeys.set(kid, privateKey);
      return privateKey;
    },

    async rotate() {
      const key = await db.transaction().execute(async (transaction) => {
        await lock(transaction);
        return insertAndRetire(transaction);
      });
      current = { key, readAt: now() };
      return key;
    },
  };
}
