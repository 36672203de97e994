import { requestApi } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

// The player's VIP calls (docs/loyalty.md "VIP", its Wire table), declared here as the document
// writes them until the server's OpenAPI document carries them.

/** One level of the programme, rank 1 the lowest; amounts are wire strings, rates percent text. */
export type VipLevel = {
  rank: number;
  name: string;
  label: string;
  badgeUrl: string | null;
  deposit: string;
  validBet: string;
  keepDeposit: string;
  keepValidBet: string;
  guaranteedDays: number;
  upgradeBonus: string;
  birthdayBonus: string;
  monthlyBonus: string;
  /** Game type → the level's own rebate rate, percent text ("0.50"). */
  rebateRates: Record<string, string>;
  withdrawCountDay: number | null;
  withdrawAmountDay: string | null;
  /** × points earned ("1.50"). */
  pointsMultiplier: string;
};

/** The programme, for visitors too: `enabled` is the merchant's switch VIP. */
export type VipProgramme = {
  enabled: boolean;
  windowDays: number;
  reviewDay: number;
  levels: VipLevel[];
};

/** A level as the member's own view names it. */
export type VipLevelName = { rank: number; name: string; label: string; badgeUrl: string | null };

export type VipNext = {
  rank: number;
  name: string;
  label: string;
  missingDeposit: string;
  missingValidBet: string;
};

export type VipProjection = { outcome: 'keep' | 'rise' | 'fall'; rank: number | null; reviewAt: string };

/** The member's level, figures in the window, the way to the next level and the next review's outcome. */
export type VipMe = {
  level: VipLevelName | null;
  reachedAt: string | null;
  guaranteedUntil: string | null;
  window: { days: number; deposit: string; validBet: string };
  next: VipNext | null;
  projection: VipProjection | null;
  birthday: string | null;
  birthdaySettable: boolean;
};

/** Every VIP query's key starts so; a level change (the socket's `vip`) reloads them all. */
export const VIP_KEY = ['vip'] as const;

/** GET /wps/vip/levels: the programme, visitors too. */
export function fetchVipProgramme(language: LanguageCode, signal?: AbortSignal): Promise<VipProgramme> {
  return requestApi('/wps/vip/levels', { query: { language }, signal });
}

/** GET /wps/vip/me: the member's level and progress. */
export function fetchVipMe(language: LanguageCode, signal?: AbortSignal): Promise<VipMe> {
  return requestApi('/wps/vip/me', { query: { language }, signal });
}

/** PUT /wps/vip/birthday: sets the member's birthday, once (CONFLICT `BIRTHDAY_SET` after that). */
export function setVipBirthday(birthday: string, language: LanguageCode): Promise<VipMe> {
  return requestApi('/wps/vip/birthday', { method: 'PUT', query: { language }, body: { birthday } });
}
