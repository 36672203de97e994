import { Type } from 'typebox';
import type { ContractWithAccounts, OfferWithAccounts } from '../modules/contract/contract.service.ts';
import { tiersOf } from '../modules/contract/contract-formulas.ts';
import {
  ACTIVE_MEMBERS_MAX,
  CONTRACT_KINDS,
  RATE_BP_MAX,
  TIERS_MAX,
  wireTierOf,
} from '../modules/contract/contract-terms.ts';
import { Nullable, StringOf } from './wps/system/system-schemas.ts';

/** The wire shapes of agent contracts and offers, shared by the agent centre and the back office. */

export const ContractKind = StringOf(CONTRACT_KINDS);
export const ContractPeriod = StringOf(['D', 'W', 'H', 'M', 'h', '5m'] as const);
export const DividendPeriod = StringOf(['D', 'W', 'H', 'M'] as const);

/** A tier: met when the cycle's active members and base reach these; pays `rateBp` of the base. */
export const Tier = Type.Object({
  activeMembers: Type.Integer({ minimum: 0, maximum: ACTIVE_MEMBERS_MAX }),
  /** The base's minimum in pesos. */
  minBase: Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$', maxLength: 16, examples: ['1250.00'] }),
  /** Basis points of the base: 150 is 1.50%. */
  rateBp: Type.Integer({ minimum: 1, maximum: RATE_BP_MAX }),
});
export const Tiers = Type.Array(Tier, { maxItems: TIERS_MAX });

const Party = Type.Object({ id: Type.String(), account: Type.String() });

export const ContractView = Type.Object({
  id: Type.String(),
  kind: ContractKind,
  period: ContractPeriod,
  version: Type.Integer(),
  /** Null: the platform (a top-level agent's contract). */
  upline: Type.Union([Party, Type.Null()]),
  downline: Party,
  tiers: Tiers,
  /** The highest tier's rate: what the cap compares. */
  rateBp: Type.Integer(),
  status: StringOf(['active', 'ended'] as const),
  signedAt: Type.String(),
  /** The start of the first cycle it earns in. */
  startsAt: Type.String(),
  endedAt: Nullable(Type.String()),
  endReason: Type.Union([
    StringOf(['terminated', 'superseded', 'rate_cap', 'upline_moved', 'operator'] as const),
    Type.Null(),
  ]),
});

export const OfferView = Type.Object({
  id: Type.String(),
  kind: ContractKind,
  /** `new`: terms offered; `terminate`: a request to end `contractId`. */
  type: StringOf(['new', 'terminate'] as const),
  fromSide: StringOf(['upline', 'downline', 'operator'] as const),
  upline: Type.Union([Party, Type.Null()]),
  downline: Party,
  period: Type.Union([ContractPeriod, Type.Null()]),
  tiers: Type.Union([Tiers, Type.Null()]),
  rateBp: Nullable(Type.Integer()),
  contractId: Nullable(Type.String()),
  status: StringOf(['pending', 'accepted', 'rejected', 'expired', 'cancelled'] as const),
  expiresAt: Type.String(),
  createdAt: Type.String(),
  decidedAt: Nullable(Type.String()),
});

/** How a view shows an account: as it is (operators), or masked unless it is the reader's own. */
export type ShowAccount = (memberId: string, account: string) => string;

export function contractViewOf(row: ContractWithAccounts, show: ShowAccount) {
  return {
    id: row.id,
    kind: row.kind,
    period: row.period,
    version: row.version,
    upline:
      row.upline_id === null || row.upline_account === null
        ? null
        : { id: row.upline_id, account: show(row.upline_id, row.upline_account) },
    downline: { id: row.downline_id, account: show(row.downline_id, row.downline_account) },
    tiers: tiersOf(row.tiers).map(wireTierOf),
    rateBp: row.rate_bp,
    status: row.status,
    signedAt: row.signed_at.toISOString(),
    startsAt: row.starts_at.toISOString(),
    endedAt: row.ended_at?.toISOString() ?? null,
    endReason: row.end_reason,
  };
}

export function offerViewOf(row: OfferWithAccounts, show: ShowAccount) {
  return {
    id: row.id,
    kind: row.kind,
    type: row.type,
    fromSide: row.from_side,
    upline:
      row.upline_id === null || row.upline_account === null
        ? null
        : { id: row.upline_id, account: show(row.upline_id, row.upline_account) },
    downline: { id: row.downline_id, account: show(row.downline_id, row.downline_account) },
    period: row.period,
    tiers: row.tiers === null ? null : tiersOf(row.tiers).map(wireTierOf),
    rateBp: row.rate_bp,
    contractId: row.contract_id,
    status: row.status,
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}
