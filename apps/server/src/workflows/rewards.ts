import { takeActiveNonce } from '../modules/house-rounds/house-rounds.repository.ts';
import type { HouseRoundsService } from '../modules/house-rounds/house-rounds.service.ts';
import type { MerchantService, ResolvedMerchant } from '../modules/merchant/merchant.service.ts';
import { changePointsIn, lockPointsIn } from '../modules/points/points-ledger.repository.ts';
import { convertedAmountOf, exchangeRowOf } from '../modules/points/points-policy.ts';
import type {
  ReadRewardMerchant,
  RewardMerchant,
  RewardPoints,
  RewardSeeds,
} from '../modules/reward/reward-api.ts';
import type { SecretBox } from '../platform/crypto/secret-box.ts';
import { pointsPolicyOf } from './points.ts';

/**
 * The reward centre's ties to the rest of the server (docs/rewards.md): the merchant as it reads
 * it, the house games' seed pairs a draw uses, and the points ledger a points prize is paid into.
 */

/** A merchant as the reward centre reads it: points valued by its points conversion, if any. */
export function rewardMerchantOf(merchant: ResolvedMerchant): RewardMerchant {
  const policy = pointsPolicyOf(merchant);
  return {
    id: merchant.id,
    currency: merchant.currency,
    timeZone: merchant.timeZone,
    defaultLanguage: merchant.defaultLanguage,
    maxMultiplier: merchant.settings.promotions.maxMultiplier,
    valuePoints: (points) => {
      const row = exchangeRowOf(policy, points);
      return row ? convertedAmountOf(points, row.amountMinor) : null;
    },
  };
}

export function createRewardMerchantReader(merchants: Pick<MerchantService, 'findById'>): ReadRewardMerchant {
  return async (merchantId) => {
    const merchant = await merchants.findById(merchantId);
    return merchant ? rewardMerchantOf(merchant) : null;
  };
}

/**
 * The member's house-game seed pair (GAMES.md "Draws for rewards"): a draw takes the pair's next
 * nonce in its own transaction, as a round does, so draws and rounds share one nonce sequence.
 */
export function createRewardSeeds(deps: {
  houseRounds: Pick<HouseRoundsService, 'getSeeds'>;
  secretBox: SecretBox;
}): RewardSeeds {
  return {
    view: async (player) => {
      const seeds = await deps.houseRounds.getSeeds(player);
      return { serverSeedHash: seeds.serverSeedHash, clientSeed: seeds.clientSeed, nonce: seeds.nonce };
    },
    takeNonceIn: async (trx, merchantId, memberId) => {
      const pair = await takeActiveNonce(trx, merchantId, memberId);
      if (!pair) return null;
      return {
        pairId: pair.id,
        serverSeed: deps.secretBox.open(pair.server_seed_sealed),
        serverSeedHash: pair.server_seed_hash,
        clientSeed: pair.client_seed,
        // The statement answers the pair after it: the taken nonce is one less.
        nonce: BigInt(pair.nonce) - 1n,
      };
    },
  };
}

/** A points prize: one `reward` record of the points ledger, under the member's points lock. */
export const rewardPoints: RewardPoints = {
  creditIn: async (trx, input) => {
    const before = await lockPointsIn(trx, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      now: input.now,
    });
    await changePointsIn(trx, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      before,
      type: 'reward',
      delta: BigInt(input.points),
      key: input.key,
      detail: input.detail,
      remark: null,
      now: input.now,
    });
  },
};
