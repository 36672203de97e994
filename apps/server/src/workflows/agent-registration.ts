import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { AgentService } from '../modules/agent/agent.service.ts';
import {
  type MemberRow,
  type MemberService,
  newInvitationCode,
  SUBAGENT_TYPE,
} from '../modules/member/member.service.ts';
import { merchantOriginOf, type ResolvedMerchant } from '../modules/merchant/merchant.service.ts';
import {
  SEND_PER_CLIENT,
  SEND_PER_DESTINATION_HOUR,
  SEND_PER_DESTINATION_MINUTE,
} from '../modules/verification/verification.service.ts';
import { hashSecret } from '../platform/crypto/password-hash.ts';
import type { Executor } from '../platform/db/executor.ts';
import { clockOf, type ServiceDeps } from '../platform/db/service-deps.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';
import { AppError } from '../platform/errors/errors.ts';
import { translateField, translatePattern } from '../platform/i18n/account-texts.ts';
import type { Language } from '../platform/i18n/language.ts';
import type { Messenger } from '../platform/messaging/messenger.ts';
import { parseMobileNumber } from '../platform/phone/phone-number.ts';
import type { RateLimiter, RateLimitRule } from '../platform/rate-limit/rate-limiter.ts';
import { checkRuleValue } from './register.ts';

/** How many invitation links (enabled or not) one agent may hold. */
export const INVITATION_LINKS_PER_AGENT_MAX = 50;
export const INVITATION_LINK_LABEL_LENGTH_MAX = 40;
/** How long a one-time password an agent had sent keeps working (once). */
export const ONE_TIME_PASSWORD_HOURS = 24;
/** Players an agent may register (and one-time passwords re-send) per hour. */
export const REGISTRATIONS_PER_AGENT: RateLimitRule = {
  name: 'agent-register',
  limit: 30,
  windowSeconds: 3600,
};

const CODE_TRIES_MAX = 5;
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const ONE_TIME_PASSWORD_LENGTH = 10;

const randomText = (alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

export type InvitationLinkKind = 'player' | 'agent';
export type DownlineKind = 'player' | 'agent';

export type InvitationLink = {
  id: string;
  code: string;
  kind: InvitationLinkKind;
  label: string;
  enabled: boolean;
  /** The merchant's own site address with the code: never the request's Host. */
  url: string;
  signUps: number;
  /** Members signed up through the link with at least one credited deposit. */
  firstDeposits: number;
  createdAt: Date;
  disabledAt: Date | null;
};

const SMS_TEXTS: Record<Language, (account: string, password: string) => string> = {
  EN: (account, password) =>
    `Your agent opened a Panalo account for you: ${account}. One-time password: ${password}. It works once within ${ONE_TIME_PASSWORD_HOURS} hours; at your first login you set your own password. Never share it.`,
  TY: (account, password) =>
    `Binuksan ng iyong agent ang Panalo account mo: ${account}. One-time password: ${password}. Gumagana ito nang isang beses sa loob ng ${ONE_TIME_PASSWORD_HOURS} oras; sa unang login, ikaw ang magtatakda ng sarili mong password. Huwag itong ibahagi.`,
};

export type AgentRegistration = ReturnType<typeof createAgentRegistration>;

/**
 * The agent's register centre (spec §2 registerCenter): invitation links whose codes travel as
 * `affiliateCode` (register.ts hangs a sign-up under the link's agent), and players or sub-agents
 * an agent registers directly, who get a one-time password by SMS to their own number and at the
 * first login set their own password and accept the terms and age (login.ts, member.service.ts).
 */
export function createAgentRegistration(
  deps: ServiceDeps<{
    members: MemberService;
    agents: AgentService;
    messenger: Messenger;
    rateLimiter: RateLimiter;
    publicOrigin: string;
  }>,
) {
  const { db } = deps;
  const now = clockOf(deps);

  // The register route: a visitor lands on the registration form with the code filled in.
  const linkUrlOf = (merchant: ResolvedMerchant, code: string) =>
    `${merchantOriginOf(merchant, deps.publicOrigin)}/register?affiliateCode=${encodeURIComponent(code)}`;

  async function mayRegisterSubagents(agent: MemberRow): Promise<boolean> {
    return (await deps.agents.capabilitiesOf(agent.merchant_id, agent.type))?.mayRegisterSubagents ?? false;
  }

  /** Whether a code is any member's own invitation code or any link's, in this merchant. */
  async function isCodeTaken(executor: Executor, merchantId: string, code: string): Promise<boolean> {
    const found = await executor
      .selectFrom('members')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where(sql`upper(affiliate_code)`, '=', code)
      .union(
        executor
          .selectFrom('agent_invitation_links')
          .select('id')
          .where('merchant_id', '=', merchantId)
          .where('code', '=', code),
      )
      .executeTakeFirst();
    return found !== undefined;
  }

  async function freeCode(executor: Executor, merchantId: string): Promise<string> {
    for (let attempt = 0; attempt < CODE_TRIES_MAX; attempt += 1) {
      const code = newInvitationCode();
      if (!(await isCodeTaken(executor, merchantId, code))) return code;
    }
    throw new AppError('CONFLICT');
  }

  function listRows(agentId: string, linkId?: string) {
    let query = db
      .selectFrom('agent_invitation_links as l')
      .selectAll('l')
      .select([
        sql<string>`(select count(*) from members m where m.invitation_link_id = l.id)`.as('sign_ups'),
        sql<string>`(select count(*) from members m where m.invitation_link_id = l.id
          and exists (select 1 from deposits d where d.member_id = m.id and d.status = 'credited'))`.as(
          'first_deposits',
        ),
      ])
      .where('l.agent_id', '=', agentId);
    if (linkId) query = query.where('l.id', '=', linkId);
    return query.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').execute();
  }

  type LinkRow = Awaited<ReturnType<typeof listRows>>[number];
  const linkOf = (merchant: ResolvedMerchant, row: LinkRow): InvitationLink => ({
    id: row.id,
    code: row.code,
    kind: row.kind,
    label: row.label,
    enabled: row.enabled,
    url: linkUrlOf(merchant, row.code),
    signUps: Number(row.sign_ups),
    firstDeposits: Number(row.first_deposits),
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
  });

  async function oneLink(merchant: ResolvedMerchant, agentId: string, linkId: string) {
    const [row] = await listRows(agentId, linkId);
    if (!row) throw new AppError('NOT_FOUND');
    return linkOf(merchant, row);
  }

  /** The per-client and per-number SMS throttles of API.md, and the agent's own hourly count. */
  async function throttle(agent: MemberRow, destination: string, clientKey: string): Promise<void> {
    const byAgent = await deps.rateLimiter.hit(REGISTRATIONS_PER_AGENT, agent.id);
    if (!byAgent.allowed)
      throw new AppError('RATE_LIMITED', { retryAfterSeconds: byAgent.retryAfterSeconds });
    const client = await deps.rateLimiter.hit(SEND_PER_CLIENT, clientKey);
    if (!client.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: client.retryAfterSeconds });
    const destinationKey = `${agent.merchant_id}:${destination}`;
    if (
      (await deps.rateLimiter.peek(SEND_PER_DESTINATION_HOUR, destinationKey)) >=
      SEND_PER_DESTINATION_HOUR.limit
    ) {
      throw new AppError('SMS_TOO_MANY', { retryAfterSeconds: 300 });
    }
    const minute = await deps.rateLimiter.hit(SEND_PER_DESTINATION_MINUTE, destinationKey);
    if (!minute.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: minute.retryAfterSeconds });
    await deps.rateLimiter.hit(SEND_PER_DESTINATION_HOUR, destinationKey);
  }

  /** Sends the one-time password; false when the carrier failed (the outbox keeps the failure). */
  async function sendOneTimePassword(
    member: { merchantId: string; account: string; e164: string },
    password: string,
    language: Language,
  ): Promise<boolean> {
    try {
      await deps.messenger.send({
        merchantId: member.merchantId,
        channel: 'sms',
        destination: member.e164,
        purpose: 'agentRegister',
        body: SMS_TEXTS[language](member.account, password),
      });
      return true;
    } catch {
      return false;
    }
  }

  return {
    /** The agent's links, newest first, with their sign-ups and first deposits. */
    async listLinks(merchant: ResolvedMerchant, agent: MemberRow): Promise<InvitationLink[]> {
      return (await listRows(agent.id)).map((row) => linkOf(merchant, row));
    },

    /** The agent's own invitation code as a link on the merchant's site; null without a code. */
    ownLinkOf: (merchant: ResolvedMerchant, agent: MemberRow) =>
      agent.affiliate_code ? linkUrlOf(merchant, agent.affiliate_code) : null,

    mayRegisterSubagents,

    /**
     * A new link. The agent's row is locked for the count and the insert, so that a burst of
     * creates stays within INVITATION_LINKS_PER_AGENT_MAX.
     */
    async createLink(
      merchant: ResolvedMerchant,
      agent: MemberRow,
      input: { kind: InvitationLinkKind; label: string },
    ): Promise<InvitationLink> {
      if (input.kind === 'agent' && !(await mayRegisterSubagents(agent))) throw new AppError('FORBIDDEN');
      for (let attempt = 0; ; attempt += 1) {
        try {
          const id = await db.transaction().execute(async (trx) => {
            await trx.selectFrom('members').select('id').where('id', '=', agent.id).forUpdate().execute();
            const { count } = await trx
              .selectFrom('agent_invitation_links')
              .select((eb) => eb.fn.countAll<string>().as('count'))
              .where('agent_id', '=', agent.id)
              .executeTakeFirstOrThrow();
            if (Number(count) >= INVITATION_LINKS_PER_AGENT_MAX) {
              throw new AppError('LIMIT_REACHED', { value: { limit: INVITATION_LINKS_PER_AGENT_MAX } });
            }
            const linkId = uuidv7();
            await trx
              .insertInto('agent_invitation_links')
              .values({
                id: linkId,
                merchant_id: agent.merchant_id,
                agent_id: agent.id,
                code: await freeCode(trx, agent.merchant_id),
                kind: input.kind,
                label: input.label.trim(),
                enabled: true,
                created_at: now(),
                disabled_at: null,
              })
              .execute();
            return linkId;
          });
          return await oneLink(merchant, agent.id, id);
        } catch (error) {
          // Two creates drawing one code at once: the unique index decides, the loser draws again.
          if (attempt < CODE_TRIES_MAX && isUniqueViolation(error, 'agent_invitation_links_code_uq'))
            continue;
          throw error;
        }
      }
    },

    /** Disables one of the agent's own links (NOT_FOUND for anyone else's); its code signs no one up. */
    async disableLink(merchant: ResolvedMerchant, agent: MemberRow, linkId: string): Promise<InvitationLink> {
      await db
        .updateTable('agent_invitation_links')
        .set({ enabled: false, disabled_at: now() })
        .where('id', '=', linkId)
        .where('agent_id', '=', agent.id)
        .where('enabled', '=', true)
        .execute();
      return oneLink(merchant, agent.id, linkId);
    },

    /**
     * Registers a player (or, where the agent's type allows, a sub-agent) directly under the agent,
     * with no password of their own: a one-time password goes by SMS to their number and never
     * into the answer or a log.
     */
    async registerDownline(
      merchant: ResolvedMerchant,
      agent: MemberRow,
      input: { account: string; mobile: string; countryDialingCode: string; kind: DownlineKind },
      client: { ip: string; language: Language },
    ): Promise<{ id: string; account: string; expiresAt: Date; isSmsSent: boolean }> {
      const { language } = client;
      if (input.kind === 'agent' && !(await mayRegisterSubagents(agent))) throw new AppError('FORBIDDEN');
      const fields: Record<string, string> = {};
      const account = input.account.trim();
      const rule = merchant.settings.register.find((candidate) => candidate.field === 'username');
      if (!account) fields.account = translateField(language, 'required');
      else if (rule && !checkRuleValue({ ...rule, required: true }, account)) {
        fields.account = translatePattern(language, rule.patternId, rule.minLength, rule.maxLength);
      }
      const mobile = parseMobileNumber(input.countryDialingCode.trim() || '+63', input.mobile.trim());
      if (!input.mobile.trim()) fields.mobile = translateField(language, 'required');
      else if (!mobile) fields.mobile = translateField(language, 'mobileInvalid');
      if (Object.keys(fields).length === 0 && mobile) {
        const [taken, mobileTaken] = await Promise.all([
          deps.members.findByAccount(merchant.id, account),
          deps.members.findByMobile(merchant.id, mobile.dialingCode, mobile.nationalNumber),
        ]);
        if (taken) fields.account = translateField(language, 'usernameTaken');
        if (mobileTaken) fields.mobile = translateField(language, 'mobileTaken');
      }
      if (Object.keys(fields).length > 0 || !mobile) throw new AppError('VALIDATION', { value: { fields } });

      await throttle(agent, mobile.e164, `${merchant.id}:${client.ip}`);
      const password = randomText(PASSWORD_ALPHABET, ONE_TIME_PASSWORD_LENGTH);
      const expiresAt = new Date(now().getTime() + ONE_TIME_PASSWORD_HOURS * 3_600_000);
      const isAgent = input.kind === 'agent';
      const member = await deps.members
        .createMember({
          merchantId: merchant.id,
          account,
          password,
          type: isAgent ? SUBAGENT_TYPE : 0,
          uplineId: agent.id,
          mobile: { dialingCode: mobile.dialingCode, nationalNumber: mobile.nationalNumber, verified: false },
          affiliateCode: isAgent ? await freeCode(db, merchant.id) : null,
          oneTimePasswordExpiresAt: expiresAt,
          registerIp: client.ip,
          registerMethod: 'AGENT',
        })
        .catch((error: unknown) => {
          // Two registrations racing for one name or number: named by this form's fields.
          if (error instanceof AppError && error.code === 'VALIDATION') {
            const raced = (error.value as { fields?: Record<string, string> } | undefined)?.fields ?? {};
            throw new AppError('VALIDATION', {
              value: {
                fields: {
                  ...(raced.username ? { account: translateField(language, 'usernameTaken') } : {}),
                  ...(raced.mobileNum ? { mobile: translateField(language, 'mobileTaken') } : {}),
                },
              },
            });
          }
          throw error;
        });
      const isSmsSent = await sendOneTimePassword(
        { merchantId: merchant.id, account, e164: mobile.e164 },
        password,
        language,
      );
      return { id: member.id, account: member.account, expiresAt, isSmsSent };
    },

    /**
     * A new one-time password for a direct downline the agent registered who has not logged in
     * yet (the first expired, or the SMS did not arrive); the older one stops working.
     */
    async resendOneTimePassword(
      merchant: ResolvedMerchant,
      agent: MemberRow,
      memberId: string,
      client: { ip: string; language: Language },
    ): Promise<{ expiresAt: Date; isSmsSent: boolean }> {
      const member = await deps.members.findById(memberId);
      if (!member || member.upline_id !== agent.id || member.merchant_id !== merchant.id) {
        throw new AppError('FORBIDDEN');
      }
      if (!member.consent_required || !member.mobile_dialing_code || !member.mobile_number) {
        throw new AppError('CONFLICT');
      }
      const mobile = parseMobileNumber(member.mobile_dialing_code, member.mobile_number);
      if (!mobile) throw new AppError('CONFLICT');
      await throttle(agent, mobile.e164, `${merchant.id}:${client.ip}`);
      const password = randomText(PASSWORD_ALPHABET, ONE_TIME_PASSWORD_LENGTH);
      const expiresAt = new Date(now().getTime() + ONE_TIME_PASSWORD_HOURS * 3_600_000);
      const updated = await db
        .updateTable('members')
        .set({ password_hash: await hashSecret(password), one_time_password_expires_at: expiresAt })
        .where('id', '=', member.id)
        .where('consent_required', '=', true)
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) throw new AppError('CONFLICT');
      const isSmsSent = await sendOneTimePassword(
        { merchantId: merchant.id, account: member.account, e164: mobile.e164 },
        password,
        client.language,
      );
      return { expiresAt, isSmsSent };
    },
  };
}
