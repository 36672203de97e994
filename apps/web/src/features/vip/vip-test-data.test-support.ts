import type { VipLevel, VipMe, VipNext } from './api/vip';

/** A level of the test programme: thresholds rising with the rank, the rest as the tests need. */
export function levelOf(rank: number, overrides: Partial<VipLevel> = {}): VipLevel {
  const names = ['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond'];
  return {
    rank,
    name: names[rank - 1] ?? `Level ${rank}`,
    label: `VIP${rank}`,
    badgeUrl: null,
    deposit: `${rank * 10_000}.00`,
    validBet: `${rank * 50_000}.00`,
    keepDeposit: `${rank * 5_000}.00`,
    keepValidBet: `${rank * 25_000}.00`,
    guaranteedDays: 30,
    upgradeBonus: `${rank * 100}.00`,
    birthdayBonus: rank > 1 ? `${rank * 200}.00` : '0.00',
    monthlyBonus: '0.00',
    rebateRates: { LIVE: `0.${rank}0` },
    withdrawCountDay: rank < 3 ? 5 : null,
    withdrawAmountDay: rank < 3 ? `${rank * 50_000}.00` : null,
    pointsMultiplier: `1.${rank - 1}0`,
    ...overrides,
  };
}

export const LEVELS: VipLevel[] = [levelOf(1), levelOf(2), levelOf(3)];

/** VIP2, 7,500 of deposits and 20,000 of valid bets away. */
export const NEXT_FOR_ONE: VipNext = {
  rank: 2,
  name: 'Silver',
  label: 'VIP2',
  missingDeposit: '7500.00',
  missingValidBet: '20000.00',
};

/** A member at VIP1 with 12,500 deposited and 80,000 bet, 7,500 and 20,000 short of VIP2. */
export const MEMBER_AT_ONE: VipMe = {
  level: { rank: 1, name: 'Bronze', label: 'VIP1', badgeUrl: null },
  reachedAt: '2026-11-02T03:00:00.000Z',
  guaranteedUntil: '2026-12-02T03:00:00.000Z',
  window: { days: 90, deposit: '12500.00', validBet: '80000.00' },
  next: NEXT_FOR_ONE,
  projection: { outcome: 'keep', rank: 1, reviewAt: '2027-01-01' },
  birthday: null,
  birthdaySettable: true,
};
