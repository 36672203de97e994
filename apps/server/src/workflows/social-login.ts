import { randomInt } from 'node:crypto';
import { type MemberRow, newInvitationCode, SUBAGENT_TYPE } from '../modules/member/member.service.ts';
import type { ResolvedMerchant } from '../modules/merchant/merchant.service.ts';
import { readSwitches } from '../modules/merchant/merchant.service.ts';
import {
  type SocialCallback,
  SocialLoginError,
  type SocialLoginService,
  type SocialProviderConfig,
} from '../modules/social-login/social-login.service.ts';
import { AppError, isAppError } from '../platform/errors/errors.ts';
import { type ClientContext, completeLogin, type LoginDeps, type LoginResult } from './login.ts';

export type SocialProvider = SocialProviderConfig['provider'];

export type SocialLoginDeps = LoginDeps & { social: SocialLoginService };

/** Where the browser goes after the provider's callback. */
export type SocialRedirect = { location: string };

// Account names made for new social members: a readable stem from the provider's profile and
// random digits, inside the usual username shape (a letter first, letters and digits, 6–16).
const ACCOUNT_STEM_LENGTH_MAX = 8;
const ACCOUNT_DIGITS = 5;
const ACCOUNT_TRIES_MAX = 5;

/** The providers a visitor may sign in with on this site (SOCIALLOGIN on, provider enabled). */
export function listSocialProviders(merchant: ResolvedMerchant): SocialProvider[] {
  const { SOCIALLOGIN } = readSwitches(merchant.settings.whitelabel, ['SOCIALLOGIN']);
  if (!SOCIALLOGIN) return [];
  return merchant.settings.socialLogin.filter((entry) => entry.enabled).map((entry) => entry.provider);
}

function requireProvider(merchant: ResolvedMerchant, provider: SocialProvider): SocialProviderConfig {
  const config = merchant.settings.socialLogin.find((entry) => entry.provider === provider);
  if (!config || !listSocialProviders(merchant).includes(provider)) throw new AppError('FEATURE_DISABLED');
  return config;
}

/**
 * The first leg of social login: checks that the merchant offers the provider and that an
 * invitation code, if any, belongs to an agent (spec §4 checks it first), then answers the
 * provider's authorization address for the browser to open.
 */
export async function startSocialLogin(
  deps: SocialLoginDeps,
  merchant: ResolvedMerchant,
  input: {
    provider: SocialProvider;
    redirectUri: string;
    returnTo: string | undefined;
    affiliateCode?: string;
  },
): Promise<{ url: string }> {
  const provider = requireProvider(merchant, input.provider);
  const affiliateCode = input.affiliateCode?.trim() || null;
  // An agent's own code or one of its enabled invitation links, as registration takes them.
  if (affiliateCode && !(await deps.members.findInvitation(merchant.id, affiliateCode))) {
    throw new AppError('INVITATION_CODE_INVALID');
  }
  try {
    const url = await deps.social.startLogin({
      merchantId: merchant.id,
      provider,
      redirectUri: input.redirectUri,
      returnTo: deps.social.sanitizeReturnTo(input.returnTo),
      affiliateCode,
    });
    return { url };
  } catch (error) {
    if (error instanceof SocialLoginError) throw new AppError('SOCIAL_LOGIN_FAILED', { cause: error });
    throw error;
  }
}

/**
 * The provider's callback: validates it, finds or makes the member, and sends the browser back to
 * the page it came from with a one-time ticket in the fragment. The page trades the ticket for a
 * session (exchangeSocialTicket), so the account checks and their translated refusals happen on
 * the page's own request. A callback that cannot be tied to a login under way goes home with an
 * error code only.
 */
export async function finishSocialLogin(
  deps: SocialLoginDeps,
  merchant: ResolvedMerchant,
  input: { provider: SocialProvider; callbackUrl: URL; client: ClientContext },
): Promise<SocialRedirect> {
  let callback: SocialCallback;
  try {
    const provider = requireProvider(merchant, input.provider);
    callback = await deps.social.finishCallback({
      merchantId: merchant.id,
      provider,
      callbackUrl: input.callbackUrl,
    });
  } catch (error) {
    if (error instanceof SocialLoginError && error.stateHash && error.returnTo) {
      const ticket = await deps.social.issueTicket(error.stateHash, { errorCode: 'SOCIAL_LOGIN_FAILED' });
      return { location: withFragment(error.returnTo, 'socialLogin', ticket) };
    }
    if (error instanceof SocialLoginError || isAppError(error)) {
      const code = isAppError(error) ? error.code : 'SOCIAL_LOGIN_FAILED';
      return { location: withFragment('/', 'socialError', code) };
    }
    throw error;
  }

  let outcome: { memberId: string } | { errorCode: string };
  try {
    const member = await findOrCreateMember(deps, {
      merchant,
      provider: input.provider,
      callback,
      client: input.client,
    });
    outcome = { memberId: member.id };
  } catch (error) {
    if (!isAppError(error)) throw error;
    outcome = { errorCode: error.code };
  }
  const ticket = await deps.social.issueTicket(callback.stateHash, outcome);
  return { location: withFragment(callback.returnTo, 'socialLogin', ticket) };
}

/**
 * A social login's session, and whether the sign-in made the account: a member the provider's
 * sign-in registered, opening its first session. The page leads such a member to the first deposit,
 * as it leads one who registered with a username.
 */
export type SocialLoginResult = LoginResult & { created: boolean };

/**
 * Trades a ticket from the callback for a session, through the checks every login passes (a
 * locked account, a trial account — "Non-member account unable to login", spec §6 — and so on).
 */
export async function exchangeSocialTicket(
  deps: SocialLoginDeps,
  merchant: ResolvedMerchant,
  input: { ticket: string; client: ClientContext },
): Promise<SocialLoginResult> {
  const outcome = await deps.social.consumeTicket(merchant.id, input.ticket);
  if (!outcome) throw new AppError('SOCIAL_LOGIN_FAILED');
  if (outcome.errorCode) {
    throw new AppError(isPassedOn(outcome.errorCode) ? outcome.errorCode : 'SOCIAL_LOGIN_FAILED');
  }
  const member = outcome.memberId ? await deps.members.findById(outcome.memberId) : undefined;
  if (!member) throw new AppError('SOCIAL_LOGIN_FAILED');
  const session = await completeLogin(deps, {
    member,
    merchant,
    method: 'social',
    agentPage: false,
    passwordExpired: false,
    client: input.client,
  });
  const isSocialRegistration = member.register_method === registerMethodOf(outcome.provider);
  return { ...session, created: isSocialRegistration && session.firstTimeLogin };
}

/** How a member made by a provider's sign-in is recorded as registered: GOOGLE, FACEBOOK. */
function registerMethodOf(provider: string): string {
  return provider.toUpperCase();
}

/** A sign-in the provider has vouched for: where, through which provider, who, and from which client. */
type SocialSignIn = {
  merchant: ResolvedMerchant;
  provider: SocialProvider;
  callback: SocialCallback;
  client: ClientContext;
};

/**
 * The member of a provider's account: the one linked before; else the one member whose email
 * address the provider has verified (our emailed password reset already trusts whoever holds that
 * address, so linking gives away nothing new); else a new member, filed under the inviting agent.
 */
async function findOrCreateMember(deps: SocialLoginDeps, signIn: SocialSignIn): Promise<MemberRow> {
  const { merchant, provider, callback } = signIn;
  const { identity } = callback;
  const linkedId = await deps.social.findLinkedMemberId(merchant.id, provider, identity.subject);
  if (linkedId) {
    const linked = await deps.members.findById(linkedId);
    if (linked) return linked;
  }
  const byEmail = identity.email
    ? await deps.members.findByUniqueEmail(merchant.id, identity.email)
    : undefined;
  const member = byEmail ?? (await createSocialMember(deps, signIn));
  await deps.social.linkIdentity({ merchantId: merchant.id, provider, identity, memberId: member.id });
  return member;
}

async function createSocialMember(deps: SocialLoginDeps, signIn: SocialSignIn): Promise<MemberRow> {
  const { merchant, provider, callback, client } = signIn;
  const invitation = callback.affiliateCode
    ? await deps.members.findInvitation(merchant.id, callback.affiliateCode)
    : undefined;
  const upline = invitation?.agent;
  const isSubagent = invitation?.link?.kind === 'agent';
  const stem = accountStemOf(callback.identity, provider);
  for (let attempt = 1; ; attempt += 1) {
    const account = `${stem}${String(randomInt(10 ** ACCOUNT_DIGITS)).padStart(ACCOUNT_DIGITS, '0')}`;
    if (await deps.members.findByAccount(merchant.id, account)) continue;
    try {
      return await deps.members.createMember({
        merchantId: merchant.id,
        account,
        // No password: the member signs in through the provider, or sets one by email recovery.
        password: null,
        uplineId: upline?.id ?? null,
        nickname: callback.identity.name?.slice(0, 64) ?? null,
        email: callback.identity.email,
        registerIp: client.ip,
        registerMethod: registerMethodOf(provider),
        invitationLinkId: invitation?.link?.id ?? null,
        ...(isSubagent ? { type: SUBAGENT_TYPE, affiliateCode: newInvitationCode() } : {}),
      });
    } catch (error) {
      // Another sign-up took the name between the check and the insert: draw again.
      if (!isAppError(error) || attempt >= ACCOUNT_TRIES_MAX) throw error;
    }
  }
}

/** Lower-case letters and digits of the profile's name or email, starting with a letter. */
export function accountStemOf(identity: SocialCallback['identity'], provider: SocialProvider): string {
  const source = identity.name ?? identity.email?.split('@')[0] ?? '';
  const letters = source
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/^[0-9]+/, '')
    .slice(0, ACCOUNT_STEM_LENGTH_MAX);
  return letters.length > 0 ? letters : provider;
}

function withFragment(path: string, name: string, value: string): string {
  return `${path.split('#')[0]}#${name}=${encodeURIComponent(value)}`;
}

/** Refusals at the callback that the page hears as they are; anything else is a failed sign-in. */
const PASSED_ON_CODES = ['FEATURE_DISABLED', 'INVITATION_CODE_INVALID', 'VALIDATION'] as const;

function isPassedOn(code: string): code is (typeof PASSED_ON_CODES)[number] {
  return (PASSED_ON_CODES as readonly string[]).includes(code);
}
