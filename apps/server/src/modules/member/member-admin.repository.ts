import { sql, type Updateable } from 'kysely';
import type { MembersTable } from '../../db/schema.ts';
import type { Executor, Row } from '../../platform/db/executor.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import { findNewestFirstPage } from '../../platform/db/newest-first-page.ts';
import type { MemberRow, SessionRow } from './member.repository.ts';

/** Merchant ids a query keeps, or null for every merchant. The '' keeps `in` valid when empty. */
type Scope = readonly string[] | null;

export type PlayerSearchField = 'account' | 'mobile' | 'ip' | 'realName';

/** The member, locked until the transaction ends. */
export function lockMember(db: Executor, id: string): Promise<MemberRow | undefined> {
  return db.selectFrom('members').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Writes exactly these columns (updated_at included, when the caller gives it). */
export async function setMemberColumns(
  db: Executor,
  id: string,
  changes: Updateable<MembersTable>,
): Promise<void> {
  await db.updateTable('members').set(changes).where('id', '=', id).execute();
}

export async function findMemberMerchantId(db: Executor, id: string): Promise<string | undefined> {
  return (await db.selectFrom('members').select('merchant_id').where('id', '=', id).executeTakeFirst())
    ?.merchant_id;
}

/**
 * One page of the members in scope whose field contains the text (an account or a name in any
 * case, a mobile number's digits, an address they registered or signed in from), newest first.
 */
export async function searchMembers(
  db: Executor,
  input: { scope: Scope; field: PlayerSearchField; text: string; limit: number; offset: number },
) {
  const { text } = input;
  let query = db.selectFrom('members');
  if (input.scope) query = query.where('members.merchant_id', 'in', [...input.scope, '']);
  if (text !== '') {
    switch (input.field) {
      case 'account':
        query = query.where('account_key', 'like', containsPattern(text.toLowerCase()));
        break;
      case 'mobile':
        query = query.where(
          sql<string>`coalesce(mobile_dialing_code, '') || coalesce(mobile_number, '')`,
          'like',
          containsPattern(text.replace(/[^\d]/g, '')),
        );
        break;
      case 'realName':
        query = query.where(
          sql<string>`lower(coalesce(payee_name, ''))`,
          'like',
          containsPattern(text.toLowerCase()),
        );
        break;
      case 'ip':
        query = query.where((eb) =>
          eb.or([
            eb('register_ip', '=', text),
            eb.exists(
              eb
                .selectFrom('member_logins')
                .select('member_logins.id')
                .whereRef('member_logins.member_id', '=', 'members.id')
                .where('member_logins.ip', '=', text),
            ),
          ]),
        );
        break;
    }
  }
  const [rows, count] = await Promise.all([
    query
      .select([
        'members.id',
        'members.merchant_id',
        'account',
        'type',
        'status',
        'payee_name',
        'mobile_dialing_code',
        'mobile_number',
        'register_ip',
        'last_login_at',
        'members.created_at',
      ])
      .orderBy('members.created_at', 'desc')
      .orderBy('members.id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/** The member's latest sessions, newest first. */
export function findLatestSessions(
  db: Executor,
  memberId: string,
  limit: number,
): Promise<
  Pick<
    SessionRow,
    | 'id'
    | 'login_method'
    | 'ip'
    | 'user_agent'
    | 'created_at'
    | 'last_seen_at'
    | 'ended_at'
    | 'end_reason'
    | 'expires_at'
    | 'idle_expires_at'
  >[]
> {
  return db
    .selectFrom('member_sessions')
    .select([
      'id',
      'login_method',
      'ip',
      'user_agent',
      'created_at',
      'last_seen_at',
      'ended_at',
      'end_reason',
      'expires_at',
      'idle_expires_at',
    ])
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function findMerchantCurrency(db: Executor, merchantId: string): Promise<string> {
  const merchant = await db
    .selectFrom('merchants')
    .select(['currency'])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return merchant.currency;
}

/** One page of the SMS and email outbox in scope, newest first, and how many there are in all. */
export async function findOutboxPage(
  db: Executor,
  input: {
    scope: Scope;
    channel: 'sms' | 'email' | undefined;
    destination: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: Row<'outbox_messages'>[]; total: number }> {
  let query = db.selectFrom('outbox_messages');
  if (input.scope) query = query.where('merchant_id', 'in', [...input.scope, '']);
  if (input.channel) query = query.where('channel', '=', input.channel);
  if (input.destination)
    query = query.where('destination', 'like', containsPattern(input.destination.trim()));
  return findNewestFirstPage(query, input);
}
