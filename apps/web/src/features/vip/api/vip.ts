import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

// The player's VIP calls (docs/loyalty.md "VIP", its Wire table), typed by the server's OpenAPI document.

/** The programme, for visitors too: `enabled` is the merchant's switch VIP. */
export type VipProgramme = ApiValue<'/wps/vip/levels', 'get'>;
/**
 * One level of the programme, rank 1 the lowest: amounts are wire strings, `rebateRates` the
 * level's own rate per game type as percent text ("0.50"), `pointsMultiplier` × points ("1.50").
 */
export type VipLevel = VipProgramme['levels'][number];

/**
 * The member's level, their figures in the window, the way to the next level and the next review's
 * projection (null while they hold no level), and their birthday, which they may set once.
 */
export type VipMe = ApiValue<'/wps/vip/me', 'get'>;
export type VipNext = NonNullable<VipMe['next']>;
export type VipProjection = NonNullable<VipMe['projection']>;

/** Every VIP query's key starts so; a level change (the socket's `vip`) reloads them all. */
export const VIP_KEY = ['vip'] as const;

/** GET /wps/vip/levels: the programme, visitors too. */
export function fetchVipProgramme(language: LanguageCode, signal?: AbortSignal): Promise<VipProgramme> {
  return api.get('/wps/vip/levels', { params: { query: { language } }, signal });
}

/** GET /wps/vip/me: the member's level and progress. */
export function fetchVipMe(language: LanguageCode, signal?: AbortSignal): Promise<VipMe> {
  return api.get('/wps/vip/me', { params: { query: { language } }, signal });
}

/** PUT /wps/vip/birthday: sets the member's birthday, once (CONFLICT `BIRTHDAY_SET` after that). */
export function setVipBirthday(birthday: string, language: LanguageCode): Promise<VipMe> {
  return api.put('/wps/vip/birthday', { params: { query: { language } }, body: { birthday } });
}
