import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { LOYALTY_GAME_TYPES, REBATE_RATE_BP_MAX } from '../../db/loyalty-rules.ts';
import type { Database, LocalizedText } from '../../db/schema.ts';
import { actorOf, type ChangeActor, type RecordChange } from '../../platform/audit/record-change.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/errors/errors.ts';
import {
  countHolders,
  deleteUnheldLevel,
  findLevel,
  findLevels,
  findLevelsWithHolders,
  insertLevel,
  levelOf,
  lockLevel,
  lockMerchantLevels,
  resetWatermarks,
  updateLevel,
  type VipLevelRow,
} from './vip.repository.ts';
import { ladderProblemsOf, type VipLevel } from './vip-rules.ts';

/** The highest points multiplier a level may give (basis points: 10 ×), as the column's CHECK holds. */
export const POINTS_MULTIPLIER_BP_MAX = 100_000;
/** The rank a level may have (rank 1 the lowest), as the column's CHECK holds. */
export const VIP_RANK_MAX = 99;
/** A merchant's levels at most. */
export const VIP_LEVELS_MAX = 30;

/** A level as an operator writes it, amounts in minor units and rates in basis points. */
export type VipLevelInput = Omit<VipLevel, 'id' | 'merchantId'>;

/** PostgreSQL's foreign key violation: a member was given the level while it was being deleted. */
const FOREIGN_KEY_VIOLATION = '23503';

/** A level as the back office lists it: with how many members hold it, and when it was written. */
export type VipLevelRecord = VipLevel & { holders: number; createdAt: Date; updatedAt: Date };

function recordOf(row: VipLevelRow, holders: number): VipLevelRecord {
  return { ...levelOf(row), holders, createdAt: row.created_at, updatedAt: row.updated_at };
}

/** A level's columns as written (the demo seed writes its levels with them too). */
export function levelColumnsOf(input: VipLevelInput) {
  return {
    rank: input.rank,
    names: JSON.stringify(input.names satisfies LocalizedText),
    label: input.label,
    badge_url: input.badgeUrl,
    deposit_minor: input.depositMinor,
    valid_bet_minor: input.validBetMinor,
    keep_deposit_minor: input.keepDepositMinor,
    keep_valid_bet_minor: input.keepValidBetMinor,
    guaranteed_days: input.guaranteedDays,
    upgrade_bonus_minor: input.upgradeBonusMinor,
    birthday_bonus_minor: input.birthdayBonusMinor,
    monthly_bonus_minor: input.monthlyBonusMinor,
    rebate_rates: JSON.stringify(input.rebateRatesBp),
    withdraw_count_day: input.withdrawCountDay,
    withdraw_amount_day_minor: input.withdrawAmountDayMinor,
    points_multiplier_bp: input.pointsMultiplierBp,
  };
}

export type VipLevelsService = ReturnType<typeof createVipLevelsService>;

/**
 * The operators' VIP levels (docs/loyalty.md "VIP"): per merchant, ranks unique, a higher rank
 * never asking for less deposit or valid bet than a lower one, a level members hold neither
 * deleted nor moved to another rank. Changes of one merchant's levels take turns; each is audited
 * in its transaction, and makes the upgrade job look at every member again.
 */
export function createVipLevelsService(deps: ServiceDeps<{ recordChange: RecordChange }>) {
  const { db, recordChange } = deps;
  const now = clockOf(deps);

  /** What the schema cannot say of a level: the rebate rates' game types and bounds. */
  function checkInput(input: VipLevelInput): void {
    const fields: Record<string, string> = {};
    const gameTypes = new Set<string>(LOYALTY_GAME_TYPES);
    for (const [type, rateBp] of Object.entries(input.rebateRatesBp)) {
      if (!gameTypes.has(type)) fields[`rebateRates.${type}`] = 'unknown';
      else if (rateBp < 0 || rateBp > REBATE_RATE_BP_MAX) fields[`rebateRates.${type}`] = 'range';
    }
    if (input.pointsMultiplierBp < 0 || input.pointsMultiplierBp > POINTS_MULTIPLIER_BP_MAX) {
      fields.pointsMultiplier = 'range';
    }
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { value: { fields } });
  }

  /** The ladder with the level written in place: its rank free, its thresholds in order. */
  async function checkLadder(
    trx: Transaction<Database>,
    merchantId: string,
    level: VipLevelInput & { id: string },
  ): Promise<void> {
    const others = (await findLevels(trx, merchantId)).map(levelOf).filter((other) => other.id !== level.id);
    if (others.some((other) => other.rank === level.rank)) {
      throw new AppError('VALIDATION', { value: { fields: { rank: 'taken' } } });
    }
    if (others.length >= VIP_LEVELS_MAX) throw new AppError('LIMIT_REACHED', { value: { limit: 'levels' } });
    const problems = ladderProblemsOf(others, level);
    if (Object.keys(problems).length > 0) throw new AppError('VALIDATION', { value: { fields: problems } });
  }

  /** A level as the audit log keeps it (amounts as text: JSON has no bigint). */
  function auditOf(row: VipLevelRow) {
    return JSON.parse(
      JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)),
    );
  }

  /** A second level of the same rank written at once: the table's unique rule answers. */
  function rankTakenOr(error: unknown): unknown {
    return isUniqueViolation(error, 'vip_levels_merchant_id_rank_key')
      ? new AppError('VALIDATION', { value: { fields: { rank: 'taken' } } })
      : error;
  }

  async function findMerchantOfLevel(id: string): Promise<string | null> {
    return (await findLevel(db, id))?.merchant_id ?? null;
  }

  return {
    /** The levels of the merchants in scope (null: all), with how many members hold each. */
    async list(scope: readonly string[] | null): Promise<VipLevelRecord[]> {
      return (await findLevelsWithHolders(db, scope)).map((row) => recordOf(row, row.holders));
    },

    findMerchantOfLevel,

    async create(actor: ChangeActor, merchantId: string, input: VipLevelInput): Promise<VipLevelRecord> {
      checkInput(input);
      try {
        return await db.transaction().execute(async (trx) => {
          await lockMerchantLevels(trx, merchantId);
          const id = uuidv7();
          await checkLadder(trx, merchantId, { ...input, id });
          const at = now();
          const row = await insertLevel(trx, {
            id,
            merchant_id: merchantId,
            ...levelColumnsOf(input),
            created_at: at,
            updated_at: at,
          });
          await resetWatermarks(trx, merchantId, at);
          await recordChange(trx, {
            ...actorOf(actor),
            merchantId,
            action: 'vip.level.create',
            target: { type: 'vip_level', id },
            before: null,
            after: auditOf(row),
          });
          return recordOf(row, 0);
        });
      } catch (error) {
        throw rankTakenOr(error);
      }
    },

    /** Rewrites a level; moving a level members hold to another rank is CONFLICT LEVEL_HELD. */
    async update(actor: ChangeActor, id: string, input: VipLevelInput): Promise<VipLevelRecord> {
      checkInput(input);
      const merchantId = await findMerchantOfLevel(id);
      if (!merchantId) throw new AppError('NOT_FOUND');
      try {
        return await db.transaction().execute(async (trx) => {
          await lockMerchantLevels(trx, merchantId);
          const before = await lockLevel(trx, id);
          if (!before) throw new AppError('NOT_FOUND');
          if (before.rank !== input.rank && (await countHolders(trx, id)) > 0) {
            throw new AppError('CONFLICT', { value: { reason: 'LEVEL_HELD' } });
          }
          await checkLadder(trx, merchantId, { ...input, id });
          const at = now();
          const row = await updateLevel(trx, id, { ...levelColumnsOf(input), updated_at: at });
          await resetWatermarks(trx, merchantId, at);
          await recordChange(trx, {
            ...actorOf(actor),
            merchantId,
            action: 'vip.level.update',
            target: { type: 'vip_level', id },
            before: auditOf(before),
            after: auditOf(row),
          });
          return recordOf(row, await countHolders(trx, id));
        });
      } catch (error) {
        throw rankTakenOr(error);
      }
    },

    /** Deletes a level no member holds; CONFLICT LEVEL_HELD while one does. */
    async remove(actor: ChangeActor, id: string): Promise<void> {
      const merchantId = await findMerchantOfLevel(id);
      if (!merchantId) throw new AppError('NOT_FOUND');
      try {
        await db.transaction().execute(async (trx) => {
          await lockMerchantLevels(trx, merchantId);
          const before = await lockLevel(trx, id);
          if (!before) throw new AppError('NOT_FOUND');
          if (!(await deleteUnheldLevel(trx, id))) {
            throw new AppError('CONFLICT', { value: { reason: 'LEVEL_HELD' } });
          }
          await recordChange(trx, {
            ...actorOf(actor),
            merchantId,
            action: 'vip.level.delete',
            target: { type: 'vip_level', id },
            before: auditOf(before),
            after: null,
          });
        });
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        if (code === FOREIGN_KEY_VIOLATION)
          throw new AppError('CONFLICT', { value: { reason: 'LEVEL_HELD' } });
        throw error;
      }
    },
  };
}
