import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's recommended cost (ARCHITECTURE.md): 19 MiB, 2 passes, 1 lane, for members'
// and operators' passwords alike. It lives in the platform so that any area with accounts of its own
// can hash without importing another module.
// The library's Algorithm is a const enum, which erasable TypeScript cannot read: 2 is Argon2id.
const ARGON2ID = 2;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Longest password hashed; longer input is refused before it costs a hash. */
export const PASSWORD_HASH_INPUT_LENGTH_MAX = 128;

export function hashSecret(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verifying against this when an account does not exist keeps the answer's timing the same as for
// a wrong password, so response times do not reveal which accounts exist.
let dummyHash: Promise<string> | undefined;

/** Whether password matches the stored hash; a missing hash still costs one verification. */
export async function verifySecret(storedHash: string | null, password: string): Promise<boolean> {
  if (password.length > PASSWORD_HASH_INPUT_LENGTH_MAX) return false;
  if (!storedHash) {
    dummyHash ??= hashSecret('panalo-no-such-account');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
