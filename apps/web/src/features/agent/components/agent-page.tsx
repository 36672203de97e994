import { Navigate } from 'react-router';

/**
 * The agent centre (spec §2: /agent, /agentHome). Its pages (team overview, downlines, reports,
 * dividend and salary contracts) have no server behind them yet, so the route leads home rather than
 * showing tabs with nothing in them; they return with the agents' feature.
 */
export function AgentPage() {
  return <Navigate to="/" replace />;
}
