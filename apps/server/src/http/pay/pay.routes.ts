import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { AppError } from '../../platform/errors/errors.ts';
import { expectedErrorOf } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { jsonTextHasControlCharacter } from '../../platform/http/validation.ts';
import { applyGatewayCallback, type CallbackAnswer, type DepositDeps } from '../../workflows/deposit.ts';
import { applyPayoutCallback, type WithdrawDeps } from '../../workflows/withdraw.ts';

const TAGS = ['pay'];
/** A callback is a small JSON document; anything bigger is not one. */
const CALLBACK_BYTES_MAX = 16 * 1024;
const Params = Type.Object({ methodId: Type.String({ minLength: 1, maxLength: 64 }) });
const Answer = Type.Object({ status: Type.String(), message: Type.Optional(Type.String()) });

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as it arrived, for signature checks. */
    rawBody?: string;
  }
}

/**
 * Payment gateways' callbacks (API.md prefix /pay). They answer in the gateway's own protocol —
 * `{ "status": "OK" }` stops its retries — not in the envelope, since no player reads them.
 */
export function registerPayRoutes(app: TypedApp, deps: WithdrawDeps & DepositDeps): void {
  app.register(async (scope: TypedApp) => {
    // The signature covers the raw bytes, so this scope keeps them before parsing. A control
    // character (a NUL above all, which PostgreSQL refuses in text) is in no gateway's callback:
    // such a body is refused before it is recorded or read.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: CALLBACK_BYTES_MAX },
      (request, body, done) => {
        if (jsonTextHasControlCharacter(body as string)) {
          done(new AppError('MALFORMED'), undefined);
          return;
        }
        request.rawBody = body as string;
        done(null, {});
      },
    );
    // A refusal before the handler (a body that is not JSON, too large, a bad path) answers in the
    // gateway's protocol too: the envelope does not fit the declared answer and failed to serialise.
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const expected = expectedErrorOf(error, request.language);
      if (!expected) {
        request.log.error({ err: error }, 'unexpected error');
        return reply.code(500).send({ status: 'ERROR' });
      }
      request.log.warn({ code: expected.code }, 'payment callback refused');
      return reply
        .code(expected.status === 413 ? 413 : 400)
        .send({ status: 'ERROR', message: expected.code });
    });

    const signedCallback =
      (
        apply: (input: {
          methodId: string;
          timestamp: string | undefined;
          signature: string | undefined;
          rawBody: string;
        }) => Promise<CallbackAnswer>,
      ) =>
      async (request: FastifyRequest & { params: Static<typeof Params> }, reply: FastifyReply) => {
        const { methodId } = request.params;
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        const answer = await apply({
          methodId,
          timestamp: header('x-pay-timestamp'),
          signature: header('x-pay-signature'),
          rawBody: request.rawBody ?? '',
        });
        if (answer.httpStatus !== 200) request.log.warn({ methodId, answer }, 'payment callback refused');
        return reply
          .code(answer.httpStatus)
          .send({ status: answer.status, ...(answer.message ? { message: answer.message } : {}) });
      };
    const schema = (summary: string) => ({
      tags: TAGS,
      summary,
      params: Params,
      response: { 200: Answer, 400: Answer, 401: Answer, 404: Answer, 409: Answer },
    });

    scope.post(
      '/pay/hosted/:methodId/callback',
      { schema: schema('A hosted gateway reports a payment as PAID or FAILED (signed)') },
      signedCallback((input) => applyGatewayCallback(deps, input)),
    );
    scope.post(
      '/pay/hosted/:methodId/payout-callback',
      { schema: schema('A hosted gateway reports a payout as PAID or FAILED (signed)') },
      signedCallback((input) => applyPayoutCallback(deps, input)),
    );
  });
}
