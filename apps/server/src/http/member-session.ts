import type { FastifyRequest } from 'fastify';
import type { MemberRow, MemberService, SessionRow } from '../modules/member/member.service.ts';
import { TRIAL_TYPE } from '../modules/member/member.service.ts';
import { AppError } from '../platform/errors/errors.ts';
import { requireMerchant } from './merchant-context.ts';

export type MemberSession = {
  member: MemberRow;
  session: SessionRow;
  token: string;
  /** The end of a break or self-exclusion the member chose, read with the session (promotions check it). */
  exclusionEndsAt: Date | null;
};

const BEARER_PATTERN = /^Bearer ([A-Za-z0-9_-]{20,100})$/;
// Each request resolves its token at most once, however many helpers ask.
const resolved = new WeakMap<FastifyRequest, Promise<MemberSession | null>>();

/** The bearer token of a request, if it carries a well-formed one. */
export function readBearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return typeof header === 'string' ? (BEARER_PATTERN.exec(header)?.[1] ?? null) : null;
}

/** The request's live session, or null (no token, an unknown or ended one, another merchant's). */
export function readMemberSession(
  request: FastifyRequest,
  members: MemberService,
): Promise<MemberSession | null> {
  let pending = resolved.get(request);
  if (!pending) {
    const token = readBearerToken(request);
    pending = token
      ? members
          .resolveSession(token)
          .then((found) =>
            found && found.session.merchant_id === request.merchant?.id ? { ...found, token } : null,
          )
      : Promise.resolve(null);
    resolved.set(request, pending);
  }
  return pending;
}

export type RequireMemberOptions = {
  /** Trial accounts (type 4) may call this route. */
  allowTrial?: boolean;
  /** A session that must change its password first may call this route. */
  allowPasswordChange?: boolean;
};

/**
 * The session a route marked T needs: NOT_LOGGED_IN without one; TRIAL_ACCOUNT for a trial
 * account where the route is for members; PASSWORD_CHANGE_REQUIRED while the password must change.
 */
export async function requireMember(
  request: FastifyRequest,
  members: MemberService,
  options: RequireMemberOptions = {},
): Promise<MemberSession> {
  const found = await readMemberSession(request, members);
  if (!found) throw new AppError('NOT_LOGGED_IN');
  if (found.session.password_change_required && !options.allowPasswordChange) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED');
  }
  if (found.member.type === TRIAL_TYPE && !options.allowTrial) throw new AppError('TRIAL_ACCOUNT');
  return found;
}

/** The request's merchant, then the member session its call needs (see requireMember). */
export async function requireMerchantMember(
  request: FastifyRequest,
  members: MemberService,
  options: RequireMemberOptions = {},
) {
  const merchant = requireMerchant(request);
  return { merchant, ...(await requireMember(request, members, options)) };
}
