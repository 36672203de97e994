import { type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

// The member's missions and leaderboards (docs/missions.md, Members' wire), typed by the server's
// OpenAPI document.

/** The missions of the current periods with progress and claim state, and each leaderboard's standing. */
export type MissionSummary = ApiValue<'/wps/mission/summary', 'get'>;
export type MissionItem = MissionSummary['missions'][number];
export type LeaderboardStanding = MissionSummary['leaderboards'][number];

/** One leaderboard's top ranks and the member's neighbours, names masked. */
export type LeaderboardView = ApiValue<'/wps/mission/leaderboard', 'get'>;
export type RankRow = LeaderboardView['top'][number];

/** A claim paid. */
export type MissionClaim = ApiValue<'/wps/mission/claim', 'post'>;

/** Every missions query's key starts so; a claim reloads them all. */
export const MISSIONS_KEY = ['missions'] as const;

/** The top ranks a leaderboard shows. */
export const LEADERBOARD_TOP = 20;

export function fetchMissionSummary(language: LanguageCode, signal?: AbortSignal): Promise<MissionSummary> {
  return api.get('/wps/mission/summary', { params: { query: { language } }, signal });
}

export function fetchLeaderboard(
  id: string,
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<LeaderboardView> {
  return api.get('/wps/mission/leaderboard', {
    params: { query: { language, id, top: LEADERBOARD_TOP } },
    signal,
  });
}

export function claimMission(missionId: string, language: LanguageCode): Promise<MissionClaim> {
  return api.post('/wps/mission/claim', { params: { query: { language } }, body: { missionId } });
}
