import { createHash } from 'node:crypto';

/**
 * What is stored of a bearer token (a session, a launch or an install token): its SHA-256 in hex.
 * The tokens are random and long, so a plain hash is enough to look them up without keeping them.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
