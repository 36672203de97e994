import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, OperatorMailAudience, OperatorMailKind } from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '../../platform/i18n/language.ts';
import { textIn } from '../../platform/i18n/localized-text.ts';
import {
  cancelScheduledMail,
  claimDueMails,
  findMailPage,
  findMembersByAccounts,
  findMembersOfVipRank,
  findMerchantOfMail,
  findTeamMembers,
  finishMail,
  hasVipRank,
  insertMail,
  insertMailMessages,
  type OperatorMailRow,
} from './mail.repository.ts';

/** Accounts one mail may name (pasted into the form); a larger audience is a VIP level or a team. */
export const MAIL_ACCOUNTS_MAX = 1000;
export const MAIL_ACCOUNT_LENGTH_MAX = 64;
export const MAIL_TITLE_LENGTH_MAX = 120;
/** Longest body in one language, as written and after sanitising. */
export const MAIL_BODY_LENGTH_MAX = 20_000;
/** How far ahead a mail may be scheduled. */
export const MAIL_SCHEDULE_DAYS_MAX = 90;
export const MAIL_PAGE_SIZE_MAX = 100;
/** Messages one statement writes; a team or a VIP level can be thousands of members. */
const MESSAGES_PER_INSERT = 1000;
/** Mails one delivery pass claims. */
const MAILS_PER_PASS = 10;
/** Members whose marketability one statement reads for promotional mail. */
const MARKETABILITY_READS_AT_ONCE = 1000;
/**
 * A delivery claimed this long ago and not finished was stopped (its node ended): another pass
 * claims it again, and the mail's dedupe key keeps anyone from getting it twice.
 */
export const MAIL_CLAIM_STALE_MS = 10 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export type MailAudience =
  | { type: 'member'; account: string }
  | { type: 'accounts'; accounts: string[] }
  | { type: 'vip'; vipRank: number }
  | { type: 'team'; agentAccount: string };

export type MailInput = {
  kind: OperatorMailKind;
  audience: MailAudience;
  titles: Record<string, string>;
  /** HTML per language, sanitised before it is stored. */
  bodies: Record<string, string>;
  /** null: now. */
  sendAt: Date | null;
};

export type MailView = {
  id: string;
  merchantId: string;
  kind: OperatorMailKind;
  audience: OperatorMailAudience;
  accounts: string[];
  vipRank: number | null;
  agentId: string | null;
  titles: Record<string, string>;
  bodies: Record<string, string>;
  status: OperatorMailRow['status'];
  sendAt: Date;
  sentAt: Date | null;
  /** Members the mail reached so far, and how many of them have opened it. */
  delivered: number;
  read: number;
  createdBy: string;
  createdAt: Date;
};

export type MailService = ReturnType<typeof createMailService>;

const viewOf = (row: OperatorMailRow, counts: { delivered: number; read: number }): MailView => ({
  id: row.id,
  merchantId: row.merchant_id,
  kind: row.kind,
  audience: row.audience,
  accounts: row.accounts,
  vipRank: row.vip_rank,
  agentId: row.agent_id,
  titles: row.titles,
  bodies: row.bodies,
  status: row.status,
  sendAt: row.send_at,
  sentAt: row.sent_at,
  delivered: counts.delivered,
  read: counts.read,
  createdBy: row.created_by,
  createdAt: row.created_at,
});

/**
 * Operator mail (docs/back-office.md "Mail"): a message an operator writes to one member, a list of
 * accounts, a VIP level or an agent's team, now or at a time. Delivery claims a due mail once across
 * nodes, finds its audience as it is then (promotional mail only to members who may be marketed
 * to), writes a member message each in batches, once per member however often it runs, and tells
 * each member's open pages (`onDelivered`). Creating and cancelling are audited.
 */
export function createMailService(deps: {
  db: Kysely<Database>;
  recordChange: RecordChange;
  /** The operator HTML sanitiser (modules/content/operator-html.ts, handed in by app.ts). */
  sanitizeHtml: (html: string) => string;
  /** The promotions' isMarketable for many members: those who may receive promotional mail. */
  marketableAmong: (memberIds: readonly string[]) => Promise<ReadonlySet<string>>;
  /** Whether a member type is an agent's (modules/member). */
  isAgentType: (type: number) => boolean;
  onDelivered?: (message: { memberId: string; id: string; title: string }) => void;
  now: () => Date;
}) {
  const { db, recordChange, now } = deps;

  async function checkInput(merchantId: string, input: MailInput) {
    const fields: Record<string, string> = {};
    const value: Record<string, unknown> = {};
    const titles: Record<string, string> = {};
    const bodies: Record<string, string> = {};
    for (const language of SUPPORTED_LANGUAGES) {
      const title = (input.titles[language] ?? '').trim();
      if (title === '') fields[`titles.${language}`] = 'required';
      else if (title.length > MAIL_TITLE_LENGTH_MAX) fields[`titles.${language}`] = 'length';
      titles[language] = title;
      const raw = input.bodies[language] ?? '';
      const body = raw.length > MAIL_BODY_LENGTH_MAX ? '' : deps.sanitizeHtml(raw).trim();
      if (raw.length > MAIL_BODY_LENGTH_MAX || body.length > MAIL_BODY_LENGTH_MAX)
        fields[`bodies.${language}`] = 'length';
      else if (body === '') fields[`bodies.${language}`] = 'required';
      bodies[language] = body;
    }
    const at = now();
    if (input.sendAt) {
      if (input.sendAt.getTime() <= at.getTime()) fields.sendAt = 'past';
      else if (input.sendAt.getTime() > at.getTime() + MAIL_SCHEDULE_DAYS_MAX * DAY_MS)
        fields.sendAt = 'range';
    }
    let accounts: string[] = [];
    let vipRank: number | null = null;
    let agentId: string | null = null;
    const { audience } = input;
    if (audience.type === 'member' || audience.type === 'accounts') {
      const named = audience.type === 'member' ? [audience.account] : audience.accounts;
      accounts = [...new Set(named.map((account) => account.trim()).filter((account) => account !== ''))];
      const field = audience.type === 'member' ? 'account' : 'accounts';
      if (accounts.length === 0) fields[field] = 'required';
      else if (accounts.length > MAIL_ACCOUNTS_MAX) fields[field] = 'length';
      else {
        const found = await findMembersByAccounts(db, merchantId, accounts);
        const known = new Set(found.map((member) => member.account.toLowerCase()));
        const unknown = accounts.filter((account) => !known.has(account.toLowerCase()));
        if (unknown.length > 0) {
          fields[field] = 'unknown';
          value.unknownAccounts = unknown.slice(0, 50);
        }
      }
    } else if (audience.type === 'vip') {
      vipRank = audience.vipRank;
      if (!(await hasVipRank(db, merchantId, vipRank))) fields.vipRank = 'unknown';
    } else {
      const [agent] = await findMembersByAccounts(db, merchantId, [audience.agentAccount]);
      if (!agent) fields.agentAccount = 'unknown';
      else if (!deps.isAgentType(agent.type)) fields.agentAccount = 'notAgent';
      else agentId = agent.id;
    }
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields, ...value } });
    return { titles, bodies, accounts, vipRank, agentId, sendAt: input.sendAt ?? at };
  }

  /** The members a mail goes to, as its audience stands now. */
  async function recipientsOf(mail: OperatorMailRow): Promise<string[]> {
    let members: string[];
    if (mail.audience === 'vip')
      members = await findMembersOfVipRank(db, mail.merchant_id, mail.vip_rank ?? 0);
    else if (mail.audience === 'team')
      members = await findTeamMembers(db, mail.merchant_id, mail.agent_id ?? '');
    else
      members = (await findMembersByAccounts(db, mail.merchant_id, mail.accounts)).map((member) => member.id);
    if (mail.kind === 'service') return members;
    const marketable: string[] = [];
    for (let start = 0; start < members.length; start += MARKETABILITY_READS_AT_ONCE) {
      const slice = members.slice(start, start + MARKETABILITY_READS_AT_ONCE);
      const reachable = await deps.marketableAmong(slice);
      for (const memberId of slice) if (reachable.has(memberId)) marketable.push(memberId);
    }
    return marketable;
  }

  /** Delivers a claimed mail and marks it sent; answers the members reached in all. */
  async function deliver(mail: OperatorMailRow): Promise<number> {
    const members = await recipientsOf(mail);
    const title = textIn(mail.titles, DEFAULT_LANGUAGE, DEFAULT_LANGUAGE);
    for (let start = 0; start < members.length; start += MESSAGES_PER_INSERT) {
      const slice = members
        .slice(start, start + MESSAGES_PER_INSERT)
        .map((memberId) => ({ memberId, messageId: uuidv7() }));
      const inserted = await insertMailMessages(db, { mail, members: slice, at: now() });
      for (const message of inserted) {
        deps.onDelivered?.({ memberId: message.member_id, id: message.id, title });
      }
    }
    return finishMail(db, { id: mail.id, claimedAt: mail.claimed_at ?? now(), now: now() });
  }

  async function deliverClaimed(claim: { id?: string }): Promise<number> {
    const at = now();
    const claimed = await claimDueMails(db, {
      now: at,
      staleBefore: new Date(at.getTime() - MAIL_CLAIM_STALE_MS),
      limit: MAILS_PER_PASS,
      ...claim,
    });
    for (const mail of claimed) await deliver(mail);
    return claimed.length;
  }

  async function get(id: string): Promise<MailView> {
    const { rows } = await findMailPage(db, null, { limit: 1, offset: 0, id });
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND');
    return viewOf(row, row);
  }

  return {
    findMerchantOf: (id: string) => findMerchantOfMail(db, id),

    /** Writes a mail; a mail without a time is delivered at once, before this answers. */
    async create(actor: ChangeActor, merchantId: string, input: MailInput): Promise<MailView> {
      const checked = await checkInput(merchantId, input);
      const id = uuidv7();
      const row = await db.transaction().execute(async (trx) => {
        const created = await insertMail(trx, {
          id,
          merchant_id: merchantId,
          kind: input.kind,
          audience: input.audience.type,
          accounts: JSON.stringify(checked.accounts),
          vip_rank: checked.vipRank,
          agent_id: checked.agentId,
          titles: JSON.stringify(checked.titles),
          bodies: JSON.stringify(checked.bodies),
          status: 'scheduled',
          send_at: checked.sendAt,
          created_by: actor.username,
        });
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId,
          action: 'mail.create',
          target: { type: 'operator_mail', id },
          before: null,
          after: {
            kind: input.kind,
            audience: input.audience,
            titles: checked.titles,
            sendAt: input.sendAt?.toISOString() ?? null,
          },
        });
        return created;
      });
      if (input.sendAt === null) await deliverClaimed({ id });
      return get(row.id);
    },

    get,

    async list(input: {
      scope: readonly string[] | null;
      page: number;
      pageSize: number;
    }): Promise<{ list: MailView[]; total: number }> {
      const pageSize = Math.min(input.pageSize, MAIL_PAGE_SIZE_MAX);
      const { rows, total } = await findMailPage(db, input.scope, {
        limit: pageSize,
        offset: (input.page - 1) * pageSize,
      });
      return { list: rows.map((row) => viewOf(row, row)), total };
    },

    /** Cancels a scheduled mail; CONFLICT once its delivery has begun. */
    async cancel(actor: ChangeActor, id: string): Promise<MailView> {
      await db.transaction().execute(async (trx) => {
        const cancelled = await cancelScheduledMail(trx, id, now());
        if (!cancelled) throw new AppError('CONFLICT', { value: { reason: 'NOT_SCHEDULED' } });
        await recordChange(trx, {
          ...actorOf(actor),
          merchantId: cancelled.merchant_id,
          action: 'mail.cancel',
          target: { type: 'operator_mail', id },
          before: { status: 'scheduled' },
          after: { status: 'cancelled' },
        });
      });
      return get(id);
    },

    /** One delivery pass (the job): claims due mail and delivers it; answers the mails delivered. */
    deliverDue: (): Promise<number> => deliverClaimed({}),
  };
}
