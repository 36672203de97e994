import type { InboxService } from '../modules/inbox/inbox.service.ts';
import { type ResolvedMerchant, readSwitches } from '../modules/merchant/merchant.service.ts';
import type { VipLevelChange, VipMerchant } from '../modules/vip/vip.service.ts';
import { levelNameIn } from '../modules/vip/vip-rules.ts';
import type { Realtime } from '../platform/realtime/realtime.ts';

/**
 * A merchant as VIP levels read it (docs/loyalty.md "VIP"): its zone, currency and language, the
 * whitelabel switch VIP, its `vip` settings, the minimum age a birthday must show, and the
 * promotions' highest multiplier a gift's wagering stays under.
 */
export function vipMerchantOf(merchant: ResolvedMerchant): VipMerchant {
  const { settings } = merchant;
  return {
    id: merchant.id,
    timeZone: merchant.timeZone,
    currency: merchant.currency,
    defaultLanguage: merchant.defaultLanguage,
    isEnabled: readSwitches(settings.whitelabel, ['VIP']).VIP,
    programme: settings.vip,
    minimumAge: settings.minimumAge,
    maxMultiplier: settings.promotions.maxMultiplier,
  };
}

/**
 * Tells members of changes of their level, once they have committed: an inbox message (`vip_up` or
 * `vip_down`, once per change) naming the level in each language, and the socket event `vip`
 * `{ rank, label, name, names, direction }` (docs/loyalty.md "VIP"), the name in the member's
 * language and in each.
 */
export function createVipChangeTeller(deps: {
  inbox: Pick<InboxService, 'sendMany'>;
  realtime: Pick<Realtime, 'emitToUser'>;
}): (changes: readonly VipLevelChange[]) => Promise<void> {
  return async (changes) => {
    // The messages of a batch of changes in one write (a review lowers thousands at once).
    await deps.inbox.sendMany(
      changes.map((change) => {
        const { level, language } = change;
        const levelIn = (reader: string) =>
          level ? `${level.label} ${levelNameIn(level, reader, language)}` : '';
        return {
          merchantId: change.merchantId,
          memberId: change.memberId,
          kind: change.direction === 'up' ? ('vip_up' as const) : ('vip_down' as const),
          params: { label: level?.label ?? '', levelEN: levelIn('EN'), levelTY: levelIn('TY') },
          dedupeKey: `vip:${change.changeId}`,
        };
      }),
    );
    for (const { level, language, memberId, direction } of changes) {
      deps.realtime.emitToUser(memberId, 'vip', {
        rank: level?.rank ?? null,
        label: level?.label ?? null,
        name: level ? levelNameIn(level, language, language) : null,
        names: level ? { ...level.names } : null,
        direction,
      });
    }
  };
}
