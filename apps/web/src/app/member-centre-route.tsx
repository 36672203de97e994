import { lazy, Suspense } from 'react';
import { SkeletonLines } from '../components/ui/skeleton';
import { MemberCentrePage } from '../features/member-centre/components/member-centre-page';
import { importWithTimeout } from '../lib/lazy-load';

// The referral page, with its QR code and share buttons, loads when the member opens it.
const ReferralContent = lazy(() =>
  importWithTimeout(() => import('../features/referral/components/referral-page')).then((module) => ({
    default: module.ReferralContent,
  })),
);

// Missions and leaderboards, with their countdowns and tables, load when the member opens them.
const MissionLeaderboardPage = lazy(() =>
  importWithTimeout(() => import('../features/missions/components/mission-leaderboard-page')).then(
    (module) => ({
      default: module.MissionLeaderboardPage,
    }),
  ),
);

/** The member centre with the pages other features draw in it (features never import each other). */
export function MemberCentreRoute() {
  return (
    <MemberCentrePage
      featurePages={{
        referral: (
          <Suspense fallback={<SkeletonLines lines={5} />}>
            <ReferralContent />
          </Suspense>
        ),
        missionLeaderboard: (
          <Suspense fallback={<SkeletonLines lines={5} />}>
            <MissionLeaderboardPage />
          </Suspense>
        ),
      }}
    />
  );
}
