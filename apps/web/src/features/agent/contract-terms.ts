import { centavosToWire, toCentavos } from '../../lib/money';
import type { ContractKind } from './contract-kinds';

/**
 * A contract's terms as the agent reads and writes them (docs/contracts.md "Words"): tiers of
 * conditions and a rate. Rates travel as basis points (150 = 1.50 %) and are typed as a percentage
 * with at most two decimals, so one basis point is the finest step either way.
 */

/** 100 %: no tier pays more than the whole base. */
export const RATE_BP_MAX = 10_000;
/** A contract has 1 to 10 tiers (docs/contracts.md). */
export const TIERS_MAX = 10;
/** The most active members a tier may ask for; far above any real team, it keeps the number sane. */
export const ACTIVE_MEMBERS_MAX = 1_000_000;

const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;
const WHOLE_PATTERN = /^\d{1,7}$/;

/** Basis points of a typed percentage ("1.5", "1.50 %"), or null when it is not one from 0 to 100. */
export function percentToBasisPoints(text: string): number | null {
  const trimmed = text.trim().replace(/\s*%$/, '');
  if (!PERCENT_PATTERN.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  const basisPoints = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return basisPoints <= RATE_BP_MAX ? basisPoints : null;
}

/** A rate in basis points as a percentage with two decimals, without the sign: 150 → "1.50". */
export function basisPointsToPercent(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  return `${whole}.${String(basisPoints % 100).padStart(2, '0')}`;
}

/** A rate as the agent reads it: 150 → "1.50%". */
export function formatRate(basisPoints: number): string {
  return `${basisPointsToPercent(basisPoints)}%`;
}

/** A tier on the wire: the minimum base as a decimal string, the rate in basis points. */
export type WireTier = { activeMembers: number; minBase: string; rateBp: number };

/** One row of the tiers editor, as typed. */
export type TierRow = { activeMembers: string; minBase: string; rate: string };

/** What is wrong with a typed value; the form words each (contracts.form.problems). */
export type TierProblem =
  | 'required'
  | 'notWholeNumber'
  | 'tooManyMembers'
  | 'notAmount'
  | 'notRate'
  | 'zeroRate'
  | 'aboveMaximum'
  | 'sameConditions';

export type TierRowProblems = Partial<Record<keyof TierRow, TierProblem>>;

export type TiersCheck =
  | { isValid: true; tiers: WireTier[] }
  | { isValid: false; rows: TierRowProblems[]; form: 'noTiers' | 'tooManyTiers' | null };

export const emptyTierRow: TierRow = { activeMembers: '', minBase: '', rate: '' };

/** A contract's tiers as editor rows, to offer new terms starting from the current ones. */
export function tierRowsOf(tiers: readonly WireTier[]): TierRow[] {
  return tiers.map((tier) => ({
    activeMembers: String(tier.activeMembers),
    minBase: tier.minBase,
    rate: basisPointsToPercent(tier.rateBp),
  }));
}

function checkRow(row: TierRow, maxRateBp: number): { problems: TierRowProblems; tier: WireTier | null } {
  const problems: TierRowProblems = {};
  const membersText = row.activeMembers.trim();
  const members = WHOLE_PATTERN.test(membersText) ? Number(membersText) : null;
  if (membersText === '') problems.activeMembers = 'required';
  else if (members === null) problems.activeMembers = 'notWholeNumber';
  else if (members > ACTIVE_MEMBERS_MAX) problems.activeMembers = 'tooManyMembers';

  const baseText = row.minBase.trim();
  const baseMinor = toCentavos(baseText);
  if (baseText === '') problems.minBase = 'required';
  else if (baseMinor === null) problems.minBase = 'notAmount';

  const rateText = row.rate.trim();
  const rateBp = percentToBasisPoints(rateText);
  if (rateText === '') problems.rate = 'required';
  else if (rateBp === null) problems.rate = 'notRate';
  else if (rateBp === 0) problems.rate = 'zeroRate';
  else if (rateBp > maxRateBp) problems.rate = 'aboveMaximum';

  const isValid = Object.keys(problems).length === 0 && members !== null && baseMinor !== null;
  return {
    problems,
    tier:
      isValid && rateBp !== null
        ? { activeMembers: members, minBase: centavosToWire(baseMinor), rateBp }
        : null,
  };
}

/**
 * The typed tiers checked as the server will check them: 1 to 10 rows, whole numbers of members,
 * amounts with at most two decimals, rates above 0 and at most the agent's own rate (`maxRateBp`),
 * no two rows with the same conditions. Valid tiers come back in rate order, lowest first, as the
 * terms table lists them.
 */
export function checkTierRows(rows: readonly TierRow[], maxRateBp: number): TiersCheck {
  if (rows.length === 0) return { isValid: false, rows: [], form: 'noTiers' };
  const checked = rows.map((row) => checkRow(row, maxRateBp));
  const seen = new Map<string, number>();
  checked.forEach(({ tier, problems }, index) => {
    if (!tier) return;
    const conditions = `${tier.activeMembers}:${tier.minBase}`;
    if (seen.has(conditions)) problems.minBase = 'sameConditions';
    else seen.set(conditions, index);
  });
  const form = rows.length > TIERS_MAX ? 'tooManyTiers' : null;
  const tiers = checked.flatMap(({ tier, problems }) =>
    tier && Object.keys(problems).length === 0 ? [tier] : [],
  );
  if (form || tiers.length !== rows.length) {
    return { isValid: false, rows: checked.map(({ problems }) => problems), form };
  }
  return {
    isValid: true,
    tiers: [...tiers].sort((a, b) => a.rateBp - b.rateBp || a.activeMembers - b.activeMembers),
  };
}

/** The highest rate of some tiers: a contract's rate for the cap (docs/contracts.md). */
export function highestRateOf(tiers: readonly WireTier[]): number {
  return tiers.reduce((highest, tier) => Math.max(highest, tier.rateBp), 0);
}

/** What the current cycle has reached and what the next tier still needs (GET …/contracts/progress). */
export type CycleProgress = {
  activeMembers: number;
  base: string;
  tierIndex: number | null;
  nextTier: { index: number; activeMembersMissing: number; baseMissing: string; rateBp: number } | null;
};

/** A dividend's base is the team's net revenue; a salary's is its valid bet. */
export function baseWordOf(kind: ContractKind): 'revenue' | 'validBet' {
  return kind === 'dividend' ? 'revenue' : 'validBet';
}

export type MissingWording = {
  /** The key under contracts.progress.missing. */
  key: 'membersAndBase' | 'members' | 'base' | 'topReached';
  base: 'revenue' | 'validBet';
  members: number;
  /** The wire amount still missing ("1200.00"), for the caller to format with its currency. */
  amount: string;
  rateBp: number;
};

const isPositiveAmount = (amount: string) => /[1-9]/.test(amount) && !amount.startsWith('-');

/**
 * What stands between the cycle and its next tier, as words to fill in: more active members, more
 * base, or both; or that the best tier is already reached.
 */
export function missingWordingOf(kind: ContractKind, progress: CycleProgress): MissingWording {
  const base = baseWordOf(kind);
  const next = progress.nextTier;
  if (!next) return { key: 'topReached', base, members: 0, amount: '0.00', rateBp: 0 };
  const needsMembers = next.activeMembersMissing > 0;
  const needsBase = isPositiveAmount(next.baseMissing);
  const key = needsMembers && needsBase ? 'membersAndBase' : needsMembers ? 'members' : 'base';
  return { key, base, members: next.activeMembersMissing, amount: next.baseMissing, rateBp: next.rateBp };
}

function centavosOrZero(amount: string): bigint {
  const negative = amount.startsWith('-');
  const centavos = toCentavos(negative ? amount.slice(1) : amount) ?? 0n;
  return negative ? -centavos : centavos;
}

/**
 * How far the cycle is toward its next tier, 0 to 100: the lesser of the two conditions' shares
 * (members, base), since the tier needs both. 100 when the best tier is reached.
 */
export function progressPercentOf(progress: CycleProgress): number {
  const next = progress.nextTier;
  if (!next) return progress.tierIndex === null ? 0 : 100;
  const membersNeeded = progress.activeMembers + next.activeMembersMissing;
  const membersShare = membersNeeded === 0 ? 100 : Math.floor((progress.activeMembers * 100) / membersNeeded);
  const have = centavosOrZero(progress.base);
  const missing = centavosOrZero(next.baseMissing);
  const needed = (have > 0n ? have : 0n) + (missing > 0n ? missing : 0n);
  const baseShare = needed === 0n ? 100 : Number(((have > 0n ? have : 0n) * 100n) / needed);
  return Math.max(0, Math.min(100, membersShare, baseShare));
}

/** The periods of docs/contracts.md: a dividend's D, W, H, M; daily D; hourly h; real-time 5m. */
export const CONTRACT_PERIODS = ['D', 'W', 'H', 'M', 'h', '5m'] as const;
export type ContractPeriod = (typeof CONTRACT_PERIODS)[number];

export function isContractPeriod(value: string | null): value is ContractPeriod {
  return value !== null && (CONTRACT_PERIODS as readonly string[]).includes(value);
}

/** A cycle key read back: its period, its first day (merchant time) and, within a day, its time. */
export type CycleName = { period: ContractPeriod; day: string; time: string | null };

const CYCLE_KEY_PATTERN = /^(D|W|H|M|h|5m):(\d{4}-\d{2}-\d{2})(?:T(\d{2}(?::\d{2})?))?$/;

/**
 * Reads a cycle key (docs/contracts.md "Cycle keys": `D:2026-11-25`, `W:2026-11-23`,
 * `h:2026-11-25T13`, `5m:2026-11-25T13:05`), or null for a key this app does not know, which is
 * then shown as it is.
 */
export function parseCycleKey(key: string): CycleName | null {
  const match = CYCLE_KEY_PATTERN.exec(key);
  if (!match) return null;
  const [, period = '', day = '', time = null] = match;
  if (!isContractPeriod(period)) return null;
  const hasTime = period === 'h' || period === '5m';
  if (hasTime !== (time !== null)) return null;
  return { period, day, time: hasTime && period === 'h' ? `${time}:00` : time };
}

/**
 * What a settled cycle carried into the next cycle's base (a decimal string, below 0), or null
 * when it carried nothing, as most cycles that pay do.
 */
export function carriedOutOf(settlement: { carryOut: string }): string | null {
  return /^-?0+(\.0+)?$/.test(settlement.carryOut) ? null : settlement.carryOut;
}
