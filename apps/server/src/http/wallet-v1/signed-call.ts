import type { FastifyRequest } from 'fastify';
import type { GameService, VendorRow } from '../../modules/game/game.service.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { findControlCharacters } from '../../platform/http/validation.ts';

/**
 * Registers a vendor's signed routes in a scope of their own whose JSON parser hands the body on as
 * the text the vendor signed (the signature covers the raw bytes, not a re-serialised object).
 */
export function registerSignedRoutes(
  app: TypedApp,
  bodyLimit: number,
  register: (scope: TypedApp) => void,
): void {
  void app.register(async (scope: TypedApp) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) =>
      done(null, body),
    );
    register(scope);
  });
}

/** A vendor's signed call: the raw text it signed and the JSON object that text holds. */
export type SignedCall = { rawBody: string; fields: Record<string, unknown> };

/** The signed call a request carries, or null when its body is not a JSON object. */
export function readSignedCall(request: FastifyRequest): SignedCall | null {
  const rawBody = typeof request.body === 'string' ? request.body : '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return null;
  }
  // A control character (a NUL above all, which PostgreSQL refuses) is in no vendor's call.
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    Array.isArray(parsed) ||
    findControlCharacters(parsed).length > 0
  )
    return null;
  return { rawBody, fields: parsed as Record<string, unknown> };
}

/**
 * The vendor that signed a call, named by its `vendor` field, or null. The vendor names the
 * merchant: vendors call an API host, and the Host they use says nothing about whose player is meant.
 */
export async function findSigner(
  request: FastifyRequest,
  deps: { games: GameService; now: () => Date },
  call: SignedCall,
): Promise<VendorRow | null> {
  const { vendor } = call.fields;
  if (typeof vendor !== 'string' || vendor.length > 32) return null;
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  return deps.games.findSigningVendor(vendor, {
    timestamp: header('x-timestamp'),
    signature: header('x-signature'),
    rawBody: call.rawBody,
    nowSeconds: Math.floor(deps.now().getTime() / 1000),
  });
}
