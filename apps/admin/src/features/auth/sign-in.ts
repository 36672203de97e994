import { type RsaPublicJwk, sealPayload } from '@panalo/crypto/sealed-payload.ts';
import { type Envelope, requestEnvelope } from '../../lib/api-client.ts';

export type SignInInput = { username: string; password: string };

export type SignInValue = { token: string; firstTimeLogin?: boolean; passwordExpired?: boolean };

/** Limits of the form, matching what any sane account name and password need. */
export const USERNAME_LENGTH_MAX = 64;
export const PASSWORD_LENGTH_MAX = 128;

/**
 * Signs an operator in: the body carries a password, so it is sealed with the server's public key
 * first (API.md "Encrypted payloads"), then posted to /bo/auth/login. The server's answer is
 * returned as it came, failures included.
 */
export async function signIn(input: SignInInput): Promise<Envelope<SignInValue>> {
  const key = await requestEnvelope<{ kid: string; jwk: RsaPublicJwk }>('/wps/system/publicKey');
  if (!key.success) return key;
  let sealed: Awaited<ReturnType<typeof sealPayload>>;
  try {
    sealed = await sealPayload(input, key.value);
  } catch {
    return {
      success: false,
      code: 'ENCRYPTION_UNAVAILABLE',
      message: 'This browser cannot encrypt the sign-in. Use HTTPS or localhost in a current browser.',
    };
  }
  return requestEnvelope<SignInValue>('/bo/auth/login', { method: 'POST', body: sealed });
}

/** Ends the session on the server; the token is forgotten locally whatever the answer. */
export async function signOut(token: string): Promise<void> {
  await requestEnvelope<unknown>('/bo/auth/logout', { method: 'POST', body: {}, token });
}
