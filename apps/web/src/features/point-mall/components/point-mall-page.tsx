import { Navigate } from 'react-router';

/**
 * PointMall (spec §2: points, redeeming and their history). Players earn no points yet and there is
 * nothing to redeem, so the route leads home rather than showing an empty mall; it returns with the
 * points feature.
 */
export function PointMallPage() {
  return <Navigate to="/" replace />;
}
