import { Type } from 'typebox';
import type { EncryptionKeyStore } from '../../../platform/crypto/encryption-keys.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';

const PublicKeyValue = Type.Object({
  kid: Type.String(),
  jwk: Type.Object({
    kty: Type.Literal('RSA'),
    n: Type.String(),
    e: Type.String(),
    alg: Type.Optional(Type.String()),
    use: Type.Optional(Type.String()),
    kid: Type.Optional(Type.String()),
  }),
});

/** GET /wps/system/publicKey: the RSA-OAEP-256 key clients seal E bodies with (API.md "Encrypted payloads"). */
export function registerPublicKeyRoutes(app: TypedApp, deps: { keys: EncryptionKeyStore }): void {
  app.get(
    '/wps/system/publicKey',
    {
      schema: {
        tags: ['system'],
        summary: 'The public key for sealed (E) request bodies',
        response: { 200: Envelope(PublicKeyValue), 500: { $ref: 'ErrorEnvelope#' } },
      },
    },
    async (_request, reply) => {
      // A rotated key must reach clients at once, so no cache keeps an old one.
      reply.header('Cache-Control', 'no-store');
      return ok(await deps.keys.currentPublicKey());
    },
  );
}
