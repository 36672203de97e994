import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { SkeletonLines } from '../components/ui/skeleton';
import { AgentCentrePage } from '../features/agent/components/agent-centre-page';
import { useModalStore } from '../lib/modal-store';
import { agentAccessOf } from '../lib/session/agent-access';
import { useAuthStore } from '../lib/session/auth-store';

// The agent area's routes, /agent and /agentHome, loaded as a chunk of their own (router.tsx), so
// that none of it grows the home page's first load.

/**
 * The guard of the agent area (spec §4, §6): a visitor is taken home with the login popup in
 * agent mode (an agent's login leads on to /agentHome); a member who is not an agent goes home;
 * while a kept token's member info loads, nothing of the area shows; an agent is let in.
 */
export function AgentPage() {
  // /agent is where the agent login opens; /agentHome is the agent centre.
  const isEntry = useLocation().pathname === '/agent';
  const hasToken = useAuthStore((state) => state.token !== null);
  const isLogin = useAuthStore((state) => state.isLogin);
  const isAgent = useAuthStore((state) => state.isAgent);
  const openModal = useModalStore((state) => state.openModal);
  const access = agentAccessOf({ hasToken, isLogin, isAgent });
  useEffect(() => {
    if (access === 'login') openModal('loginPopupModal', { agentPage: true });
  }, [access, openModal]);
  if (access === 'login' || access === 'refused') return <Navigate to="/" replace />;
  if (access === 'pending') {
    return (
      <div className="p-4" data-testid="agent-pending">
        <SkeletonLines lines={6} />
      </div>
    );
  }
  return isEntry ? <Navigate to="/agentHome" replace /> : <AgentCentrePage />;
}
