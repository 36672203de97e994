import type { Envelope } from '../../lib/api-client.ts';
import {
  backOffice,
  envelopeOf,
  sealBody,
  sealedBody,
  sealForServer,
  unwrap,
  type ValueOf,
} from '../../lib/back-office-api.ts';

/** `captcha` answers the image of fetchCaptcha, once the server asked for one (CAPTCHA_REQUIRED). */
export type SignInInput = { username: string; password: string; code?: string; captcha?: string };

export type SignInValue = ValueOf<'/bo/auth/login', 'post'>;

/** What VERIFICATION_REQUIRED carries: the code of an enrolled authenticator, or a new one to enrol. */
export type VerificationStep = { kind: 'code' } | { kind: 'enrol'; secret: string; otpauthUrl: string };

/** Limits of the form, matching the server's. */
export const USERNAME_LENGTH_MAX = 64;
export const PASSWORD_LENGTH_MAX = 128;
export const CODE_LENGTH = 6;
export const CAPTCHA_LENGTH_MAX = 16;

export function readVerificationStep(value: unknown): VerificationStep | null {
  const methods = (value as { methods?: unknown } | undefined)?.methods;
  if (!Array.isArray(methods)) return null;
  if (methods[0] === 'totp') return { kind: 'code' };
  const { secret, otpauthUrl } = value as { secret?: unknown; otpauthUrl?: unknown };
  if (methods[0] === 'totpEnrol' && typeof secret === 'string' && typeof otpauthUrl === 'string') {
    return { kind: 'enrol', secret, otpauthUrl };
  }
  return null;
}

/**
 * Signs an operator in: the body carries a password, so it is sealed with the server's public key
 * first (API.md "Encrypted payloads"), then posted to /bo/auth/login. The first step (no code)
 * answers VERIFICATION_REQUIRED; the same call with the authenticator's code finishes. The
 * server's answer is returned as it came, failures included.
 */
export async function signIn(input: SignInInput): Promise<Envelope<SignInValue>> {
  const sealed = await sealForServer(input);
  if (!sealed.success) return sealed;
  return envelopeOf(backOffice.POST('/bo/auth/login', sealedBody(input, sealed.value)));
}

/**
 * A captcha image (a PNG data URL) for the sign-in, bound to this browser by an HttpOnly cookie;
 * each answer is used up by the sign-in it is sent with, so every try needs a new image.
 */
export function fetchCaptcha(): Promise<Envelope<string>> {
  return envelopeOf(backOffice.GET('/bo/auth/captcha'));
}

/** Whether a failed sign-in says that the next one needs a captcha. */
export function isCaptchaAsked(value: unknown): boolean {
  return (value as { captcha?: unknown } | undefined)?.captcha === true;
}

/** The seconds a refused sign-in must wait (RATE_LIMITED), when the server says. */
export function readRetryAfterSeconds(value: unknown): number | null {
  const seconds = (value as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}

/** Ends the session on the server; the token is forgotten locally whatever the answer. */
export async function signOut(token: string): Promise<void> {
  await backOffice.POST('/bo/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
}

export async function changePassword(input: { oldPassword: string; newPassword: string }) {
  return unwrap(backOffice.POST('/bo/auth/password', await sealBody(input)));
}
