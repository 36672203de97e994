import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

export type PlayLimitKind = 'deposit' | 'loss' | 'session';
export type PlayLimitPeriod = 'day' | 'week' | 'month';
export const PLAY_LIMIT_KINDS: readonly PlayLimitKind[] = ['deposit', 'loss', 'session'];
export const PLAY_LIMIT_PERIODS: readonly PlayLimitPeriod[] = ['day', 'week', 'month'];
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];
export const EXCLUSION_KINDS = [
  'break_1d',
  'break_1w',
  'break_1m',
  'break_2m',
  'break_3m',
  'exclusion_6m',
  'exclusion_1y',
  'exclusion_5y',
] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];

export type ResponsibleGaming = ApiValue<'/wps/member/responsibleGaming', 'get'>;

/** Money limits are decimal strings ("500.00"); session-time limits whole minutes ("90"). */
export type PlayLimit = ResponsibleGaming['limits'][number];

export function fetchResponsibleGaming(language: LanguageCode): Promise<ResponsibleGaming> {
  return api.get('/wps/member/responsibleGaming', { params: { query: { language } } });
}

export function saveLimit(
  input: { kind: PlayLimitKind; period: PlayLimitPeriod; value: string | null },
  language: LanguageCode,
): Promise<ResponsibleGaming> {
  return api.put('/wps/member/responsibleGaming/limit', { params: { query: { language } }, body: input });
}

export function saveRealityCheck(
  minutes: RealityCheckMinutes | null,
  language: LanguageCode,
): Promise<ResponsibleGaming> {
  return api.put('/wps/member/responsibleGaming/realityCheck', {
    params: { query: { language } },
    body: { minutes },
  });
}

export function takeBreak(
  kind: ExclusionKind,
  language: LanguageCode,
): Promise<ApiValue<'/wps/member/responsibleGaming/break', 'post'>> {
  return api.post('/wps/member/responsibleGaming/break', { params: { query: { language } }, body: { kind } });
}
