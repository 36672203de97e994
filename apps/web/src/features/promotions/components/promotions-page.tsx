import { Navigate } from 'react-router';

/**
 * Promotions (spec §2). There are no promotions yet (the public state lists none), so the route
 * leads home rather than showing an empty list; it returns with the promotions feature.
 */
export function PromotionsPage() {
  return <Navigate to="/" replace />;
}
