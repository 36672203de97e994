import { requestApi } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

export type PlayLimitKind = 'deposit' | 'loss' | 'session';
export type PlayLimitPeriod = 'day' | 'week' | 'month';
export const PLAY_LIMIT_KINDS: readonly PlayLimitKind[] = ['deposit', 'loss', 'session'];
export const PLAY_LIMIT_PERIODS: readonly PlayLimitPeriod[] = ['day', 'week', 'month'];
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;
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

/** Money limits are decimal strings ("500.00"); session-time limits whole minutes ("90"). */
export type PlayLimit = {
  kind: PlayLimitKind;
  period: PlayLimitPeriod;
  value: string | null;
  pendingValue: string | null;
  pendingAt: string | null;
  used: string;
};

export type ResponsibleGaming = {
  limits: PlayLimit[];
  realityCheckMinutes: number | null;
  exclusion: { kind: ExclusionKind; endsAt: string } | null;
};

const BASE = '/wps/member/responsibleGaming';

export function fetchResponsibleGaming(language: LanguageCode): Promise<ResponsibleGaming> {
  return requestApi(BASE, { query: { language } });
}

export function saveLimit(
  input: { kind: PlayLimitKind; period: PlayLimitPeriod; value: string | null },
  language: LanguageCode,
): Promise<ResponsibleGaming> {
  return requestApi(`${BASE}/limit`, { method: 'PUT', query: { language }, body: input });
}

export function saveRealityCheck(minutes: number | null, language: LanguageCode): Promise<ResponsibleGaming> {
  return requestApi(`${BASE}/realityCheck`, { method: 'PUT', query: { language }, body: { minutes } });
}

export function takeBreak(
  kind: ExclusionKind,
  language: LanguageCode,
): Promise<{ kind: ExclusionKind; endsAt: string }> {
  return requestApi(`${BASE}/break`, { method: 'POST', query: { language }, body: { kind } });
}
