import { isSealedPayload, openPayload, SealedPayloadError } from '@panalo/crypto/sealed-payload.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/errors.ts';
import { addPreValidationFirst } from '../http/route-hooks.ts';
import type { EncryptionKeyStore } from './encryption-keys.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes a sealed body (the spec's flag E, API.md "Encrypted payloads"). The body is
     * opened before schema validation, so the route's body schema describes the plain body.
     */
    encrypted?: boolean;
  }
}

/**
 * Opens sealed bodies on routes marked `config: { encrypted: true }`, before their schema runs:
 *
 * ```ts
 * app.post('/wps/user/login', { config: { encrypted: true }, schema: { body: LoginBody } }, handler);
 * ```
 *
 * On such a route a plain body answers 400 ENCRYPTION_REQUIRED, a kid that is neither the current
 * nor the previous key 400 KEY_ROTATED (the client fetches the key again and retries), and a sealed
 * body that does not open 400 MALFORMED. The opened body replaces request.body; it is never logged.
 * The hook is put on the marked routes only (the others never pay for it), so this must be
 * installed before any route is registered.
 */
export function installSealedBodies(app: FastifyInstance, deps: { keys: EncryptionKeyStore }): void {
  app.addHook('onRoute', (route) => {
    if ((route.config as { encrypted?: boolean } | undefined)?.encrypted !== true) return;
    addPreValidationFirst(route, async (request: FastifyRequest) => {
      request.body = await openSealedBody(request.body, deps.keys);
    });
  });
}

/** The plain body inside a sealed one, or the AppError the client should see. */
export async function openSealedBody(body: unknown, keys: EncryptionKeyStore): Promise<unknown> {
  if (!isSealedPayload(body)) {
    // Something that tries to be sealed but has the wrong shape is broken, not plain.
    const looksSealed = typeof body === 'object' && body !== null && 'e' in body;
    throw new AppError(looksSealed ? 'MALFORMED' : 'ENCRYPTION_REQUIRED');
  }
  const privateKey = await keys.findPrivateKey(body.kid);
  if (!privateKey) throw new AppError('KEY_ROTATED');
  try {
    return await openPayload(body, privateKey);
  } catch (error) {
    if (error instanceof SealedPayloadError) throw new AppError('MALFORMED');
    throw error;
  }
}
