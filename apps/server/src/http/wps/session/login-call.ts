import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { ResolvedMerchant } from '../../../modules/merchant/merchant.service.ts';
import { ok } from '../../../platform/http/envelope.ts';
import type { ClientContext, LoginResult } from '../../../workflows/login.ts';
import { readClient } from '../../client-context.ts';
import { requireMerchant } from '../../merchant-context.ts';

/** The session a login, a registration or a password reset opens. */
export const LoginResultSchema = Type.Object({
  token: Type.String(),
  firstTimeLogin: Type.Boolean(),
  passwordExpired: Type.Boolean(),
});

/** Logs in for the request's merchant and client, and answers the new session. */
export async function answerLogin<Result extends LoginResult>(
  request: FastifyRequest,
  countryHeader: string | undefined,
  logIn: (merchant: ResolvedMerchant, client: ClientContext) => Promise<Result>,
) {
  return ok(await logIn(requireMerchant(request), readClient(request, countryHeader)));
}
