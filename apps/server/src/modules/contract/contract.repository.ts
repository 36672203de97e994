import { sql } from 'kysely';
import type {
  AgentContractEndReason,
  AgentContractKind,
  AgentContractOfferStatus,
  MemberType,
} from '../../db/schema.ts';
import type { Executor, NewRow, Row } from '../../platform/db/executor.ts';

/** The SQL of agent contracts (migration 0140): templates, contracts and offers. */

export type TemplateRow = Row<'agent_contract_templates'>;
export type ContractRow = Row<'agent_contracts'>;
export type OfferRow = Row<'agent_contract_offers'>;

/** A contract or an offer with the accounts of its two sides (the upline's null for the platform). */
export type ContractWithAccounts = ContractRow & { upline_account: string | null; downline_account: string };
export type OfferWithAccounts = OfferRow & { upline_account: string | null; downline_account: string };

/** A member as the contract rules read it, under a lock in a transaction. */
export type ContractParty = {
  id: string;
  merchant_id: string;
  account: string;
  type: MemberType;
  upline_id: string | null;
};

const AGENT_TYPES: MemberType[] = [1, 2, 41, 42];

export function findTemplates(db: Executor, merchantId: string): Promise<TemplateRow[]> {
  return db
    .selectFrom('agent_contract_templates')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('kind')
    .execute();
}

export function findTemplate(
  db: Executor,
  merchantId: string,
  kind: AgentContractKind,
): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('agent_contract_templates')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export function lockTemplate(
  trx: Executor,
  merchantId: string,
  kind: AgentContractKind,
): Promise<TemplateRow | undefined> {
  return trx
    .selectFrom('agent_contract_templates')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', kind)
    .forUpdate()
    .executeTakeFirst();
}

export function updateTemplate(
  trx: Executor,
  merchantId: string,
  kind: AgentContractKind,
  columns: Pick<
    NewRow<'agent_contract_templates'>,
    'max_rate_bp' | 'max_tiers' | 'default_tiers' | 'default_period'
  > & {
    updated_at: Date;
  },
): Promise<TemplateRow> {
  return trx
    .updateTable('agent_contract_templates')
    .set(columns)
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', kind)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether the member's agent type lists the kind (merchant_agent_types.contract_kinds). */
export async function isKindOpenToMember(
  db: Executor,
  memberId: string,
  kind: AgentContractKind,
): Promise<boolean> {
  const found = await db
    .selectFrom('members as m')
    .innerJoin('merchant_agent_types as t', (join) =>
      join.onRef('t.merchant_id', '=', 'm.merchant_id').onRef('t.type', '=', 'm.type'),
    )
    .select('m.id')
    .where('m.id', '=', memberId)
    .where(sql<boolean>`${kind} = any(t.contract_kinds)`)
    .executeTakeFirst();
  return found !== undefined;
}

export function findParty(db: Executor, memberId: string): Promise<ContractParty | undefined> {
  return db
    .selectFrom('members')
    .select(['id', 'merchant_id', 'account', 'type', 'upline_id'])
    .where('id', '=', memberId)
    .executeTakeFirst() as Promise<ContractParty | undefined>;
}

/**
 * Locks the named members (a downline and its upline) in id order, `for no key update` so that
 * rows referencing them (bets, ledger entries) are still written meanwhile. Every change of a
 * contract locks its downline and the downline's upline this way, so that an upline's own contract
 * never changes while a downline's is being checked against it.
 */
export async function lockParties(trx: Executor, ids: readonly string[]): Promise<ContractParty[]> {
  return (await trx
    .selectFrom('members')
    .select(['id', 'merchant_id', 'account', 'type', 'upline_id'])
    .where('id', 'in', [...new Set(ids)].sort())
    .orderBy('id')
    .forNoKeyUpdate()
    .execute()) as ContractParty[];
}

function contractsWithAccounts(db: Executor) {
  return db
    .selectFrom('agent_contracts as c')
    .innerJoin('members as d', 'd.id', 'c.downline_id')
    .leftJoin('members as u', 'u.id', 'c.upline_id')
    .selectAll('c')
    .select(['u.account as upline_account', 'd.account as downline_account']);
}

function offersWithAccounts(db: Executor) {
  return db
    .selectFrom('agent_contract_offers as o')
    .innerJoin('members as d', 'd.id', 'o.downline_id')
    .leftJoin('members as u', 'u.id', 'o.upline_id')
    .selectAll('o')
    .select(['u.account as upline_account', 'd.account as downline_account']);
}

export function findContract(db: Executor, id: string): Promise<ContractWithAccounts | undefined> {
  return contractsWithAccounts(db).where('c.id', '=', id).executeTakeFirst();
}

export function findOffer(db: Executor, id: string): Promise<OfferWithAccounts | undefined> {
  return offersWithAccounts(db).where('o.id', '=', id).executeTakeFirst();
}

export async function findContractMerchantId(db: Executor, id: string): Promise<string | undefined> {
  return (
    await db.selectFrom('agent_contracts').select('merchant_id').where('id', '=', id).executeTakeFirst()
  )?.merchant_id;
}

export async function findOfferMerchantId(db: Executor, id: string): Promise<string | undefined> {
  return (
    await db.selectFrom('agent_contract_offers').select('merchant_id').where('id', '=', id).executeTakeFirst()
  )?.merchant_id;
}

/** The member's active contract of the kind, as downline. */
export function findActiveContract(
  db: Executor,
  downlineId: string,
  kind: AgentContractKind,
): Promise<ContractWithAccounts | undefined> {
  return contractsWithAccounts(db)
    .where('c.downline_id', '=', downlineId)
    .where('c.kind', '=', kind)
    .where('c.status', '=', 'active')
    .executeTakeFirst();
}

/** The member's ended contracts of the kind, newest version first. */
export function findEndedContracts(
  db: Executor,
  downlineId: string,
  kind: AgentContractKind,
  limit: number,
): Promise<ContractWithAccounts[]> {
  return contractsWithAccounts(db)
    .where('c.downline_id', '=', downlineId)
    .where('c.kind', '=', kind)
    .where('c.status', '=', 'ended')
    .orderBy('c.version', 'desc')
    .limit(limit)
    .execute();
}

/** The active contracts of a kind an agent has given its downlines. */
export function findGivenContracts(
  db: Executor,
  uplineId: string,
  kind: AgentContractKind,
): Promise<ContractWithAccounts[]> {
  return contractsWithAccounts(db)
    .where('c.upline_id', '=', uplineId)
    .where('c.kind', '=', kind)
    .where('c.status', '=', 'active')
    .orderBy('c.id')
    .execute();
}

/** A member's contracts of a kind as downline, in every status, newest version first. */
export function findVersions(
  db: Executor,
  downlineId: string,
  kind: AgentContractKind,
  limit: number,
): Promise<ContractWithAccounts[]> {
  return contractsWithAccounts(db)
    .where('c.downline_id', '=', downlineId)
    .where('c.kind', '=', kind)
    .orderBy('c.version', 'desc')
    .limit(limit)
    .execute();
}

/**
 * A page of the active contracts of a kind an agent has given its downlines (what it pays below),
 * by the downline's account, with how many there are in all.
 */
export async function findGivenContractsPage(
  db: Executor,
  filter: { uplineId: string; kind: AgentContractKind; limit: number },
): Promise<{ rows: ContractWithAccounts[]; total: number }> {
  const [rows, counted] = await Promise.all([
    contractsWithAccounts(db)
      .where('c.upline_id', '=', filter.uplineId)
      .where('c.kind', '=', filter.kind)
      .where('c.status', '=', 'active')
      .orderBy('d.account')
      .limit(filter.limit)
      .execute(),
    db
      .selectFrom('agent_contracts')
      .select(sql<number>`count(*)::int`.as('total'))
      .where('upline_id', '=', filter.uplineId)
      .where('kind', '=', filter.kind)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: counted.total };
}

/** Every active contract a member holds as downline, of any kind. */
export function findActiveContractsOf(db: Executor, downlineId: string): Promise<ContractWithAccounts[]> {
  return contractsWithAccounts(db)
    .where('c.downline_id', '=', downlineId)
    .where('c.status', '=', 'active')
    .orderBy('c.kind')
    .execute();
}

export async function findLatestVersion(
  db: Executor,
  downlineId: string,
  kind: AgentContractKind,
): Promise<number> {
  const row = await db
    .selectFrom('agent_contracts')
    .select(sql<number>`coalesce(max(version), 0)::int`.as('version'))
    .where('downline_id', '=', downlineId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return row.version;
}

export async function insertContract(trx: Executor, row: NewRow<'agent_contracts'>): Promise<void> {
  await trx.insertInto('agent_contracts').values(row).execute();
}

/** Ends the named contracts that are still active; answers the ids it ended. */
export async function endContracts(
  trx: Executor,
  ids: readonly string[],
  end: { reason: AgentContractEndReason; at: Date },
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .updateTable('agent_contracts')
    .set({ status: 'ended', ended_at: end.at, end_reason: end.reason })
    .where('id', 'in', [...ids])
    .where('status', '=', 'active')
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function insertOffer(trx: Executor, row: NewRow<'agent_contract_offers'>): Promise<void> {
  await trx.insertInto('agent_contract_offers').values(row).execute();
}

export function lockOffer(trx: Executor, id: string): Promise<OfferRow | undefined> {
  return trx
    .selectFrom('agent_contract_offers')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function decideOffer(
  trx: Executor,
  id: string,
  decision: { status: AgentContractOfferStatus; at: Date },
): Promise<void> {
  await trx
    .updateTable('agent_contract_offers')
    .set({ status: decision.status, decided_at: decision.at })
    .where('id', '=', id)
    .execute();
}

/** Withdraws the member's pending offers (as downline, of any kind); answers them. */
export function cancelPendingOffersOf(trx: Executor, downlineId: string, at: Date): Promise<OfferRow[]> {
  return trx
    .updateTable('agent_contract_offers')
    .set({ status: 'cancelled', decided_at: at })
    .where('downline_id', '=', downlineId)
    .where('status', '=', 'pending')
    .returningAll()
    .execute();
}

/** Withdraws the pending offers that would end one of these contracts; answers them. */
export function cancelPendingOffersOn(
  trx: Executor,
  contractIds: readonly string[],
  at: Date,
): Promise<OfferRow[]> {
  if (contractIds.length === 0) return Promise.resolve([]);
  return trx
    .updateTable('agent_contract_offers')
    .set({ status: 'cancelled', decided_at: at })
    .where('contract_id', 'in', [...contractIds])
    .where('status', '=', 'pending')
    .returningAll()
    .execute();
}

/**
 * Marks up to `limit` pending offers past their expiry as expired, oldest first; answers them.
 * `skip locked` passes over an offer being accepted at this moment: the accept decides it.
 */
export async function expireOffers(trx: Executor, now: Date, limit: number): Promise<OfferWithAccounts[]> {
  const due = await trx
    .selectFrom('agent_contract_offers')
    .select('id')
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  if (due.length === 0) return [];
  const ids = due.map((row) => row.id);
  await trx
    .updateTable('agent_contract_offers')
    .set({ status: 'expired', decided_at: now })
    .where('id', 'in', ids)
    .execute();
  return offersWithAccounts(trx).where('o.id', 'in', ids).orderBy('o.expires_at').execute();
}

/** The pending offers of a kind the member is party to (to it or from it), newest first. */
export function findPendingOffersOfParty(
  db: Executor,
  memberId: string,
  kind: AgentContractKind,
  limit: number,
): Promise<OfferWithAccounts[]> {
  return offersWithAccounts(db)
    .where('o.kind', '=', kind)
    .where('o.status', '=', 'pending')
    .where((eb) => eb.or([eb('o.downline_id', '=', memberId), eb('o.upline_id', '=', memberId)]))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The pending offers a member is to answer, of the given kinds, not yet past their expiry, newest
 * first: new terms or a termination sent to it as downline (by its upline or the platform), or a
 * termination its downline asks of it.
 */
export function findOffersAwaiting(
  db: Executor,
  memberId: string,
  filter: { kinds: readonly AgentContractKind[]; now: Date; limit: number },
): Promise<OfferWithAccounts[]> {
  if (filter.kinds.length === 0) return Promise.resolve([]);
  return offersWithAccounts(db)
    .where('o.kind', 'in', filter.kinds)
    .where('o.status', '=', 'pending')
    .where('o.expires_at', '>', filter.now)
    .where((eb) =>
      eb.or([
        eb.and([eb('o.downline_id', '=', memberId), eb('o.from_side', 'in', ['upline', 'operator'])]),
        eb.and([eb('o.upline_id', '=', memberId), eb('o.from_side', '=', 'downline')]),
      ]),
    )
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(filter.limit)
    .execute();
}

export type DownlineContractRow = {
  id: string;
  account: string;
  type: MemberType;
  contract_id: string | null;
  offer_id: string | null;
};

/**
 * A page of an agent's direct downline agents whose type may hold the kind, each with its active
 * contract and pending offer of the kind (ids, read in full by the caller), newest member first.
 */
export async function findDownlineContracts(
  db: Executor,
  filter: { uplineId: string; kind: AgentContractKind; limit: number; offset: number },
): Promise<{ rows: DownlineContractRow[]; total: number }> {
  const base = db
    .selectFrom('members as m')
    .innerJoin('merchant_agent_types as t', (join) =>
      join.onRef('t.merchant_id', '=', 'm.merchant_id').onRef('t.type', '=', 'm.type'),
    )
    .where('m.upline_id', '=', filter.uplineId)
    .where('m.type', 'in', AGENT_TYPES)
    .where(sql<boolean>`${filter.kind} = any(t.contract_kinds)`);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('agent_contracts as c', (join) =>
        join.onRef('c.downline_id', '=', 'm.id').on('c.kind', '=', filter.kind).on('c.status', '=', 'active'),
      )
      .leftJoin('agent_contract_offers as o', (join) =>
        join
          .onRef('o.downline_id', '=', 'm.id')
          .on('o.kind', '=', filter.kind)
          .on('o.status', '=', 'pending'),
      )
      .select(['m.id', 'm.account', 'm.type', 'c.id as contract_id', 'o.id as offer_id'])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as DownlineContractRow[], total: count.total };
}

export function findContractsByIds(db: Executor, ids: readonly string[]): Promise<ContractWithAccounts[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return contractsWithAccounts(db)
    .where('c.id', 'in', [...ids])
    .execute();
}

export function findOffersByIds(db: Executor, ids: readonly string[]): Promise<OfferWithAccounts[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return offersWithAccounts(db)
    .where('o.id', 'in', [...ids])
    .execute();
}

export type ContractListFilter = {
  merchantIds: readonly string[] | null;
  kind: AgentContractKind | null;
  status: 'active' | 'ended' | null;
  /** A whole account name (any case): the contract's downline or upline. */
  accountKey: string | null;
  limit: number;
  offset: number;
};

/** A page of contracts for the back office, newest signature first. */
export async function findContractsPage(
  db: Executor,
  filter: ContractListFilter,
): Promise<{ rows: ContractWithAccounts[]; total: number }> {
  if (filter.merchantIds !== null && filter.merchantIds.length === 0) return { rows: [], total: 0 };
  let query = contractsWithAccounts(db);
  if (filter.merchantIds !== null) query = query.where('c.merchant_id', 'in', [...filter.merchantIds]);
  if (filter.kind) query = query.where('c.kind', '=', filter.kind);
  if (filter.status) query = query.where('c.status', '=', filter.status);
  if (filter.accountKey) {
    const key = filter.accountKey;
    query = query.where((eb) => eb.or([eb('d.account_key', '=', key), eb('u.account_key', '=', key)]));
  }
  const [rows, count] = await Promise.all([
    query
      .orderBy('c.signed_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.clearSelect().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

/** A page of offers for the back office, newest first. */
export async function findOffersPage(
  db: Executor,
  filter: {
    merchantIds: readonly string[] | null;
    status: AgentContractOfferStatus | null;
    kind: AgentContractKind | null;
    limit: number;
    offset: number;
  },
): Promise<{ rows: OfferWithAccounts[]; total: number }> {
  if (filter.merchantIds !== null && filter.merchantIds.length === 0) return { rows: [], total: 0 };
  let query = offersWithAccounts(db);
  if (filter.merchantIds !== null) query = query.where('o.merchant_id', 'in', [...filter.merchantIds]);
  if (filter.status) query = query.where('o.status', '=', filter.status);
  if (filter.kind) query = query.where('o.kind', '=', filter.kind);
  const [rows, count] = await Promise.all([
    query
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.clearSelect().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}
