import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorState } from '../components/query-state.tsx';
import { ChangePasswordPage } from '../features/auth/change-password-page.tsx';
import { PROFILE_QUERY_KEY, useProfile } from '../features/auth/profile.ts';
import { signOut } from '../features/auth/sign-in.ts';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { BackOfficeError } from '../lib/back-office-api.ts';
import { clearSessionToken, onSessionEnded, readSessionToken, saveSessionToken } from '../lib/session.ts';
import { AdminShell } from './admin-shell.tsx';
import { BASE_PATH, findSectionByPath, type Section } from './sections.ts';

// A refusal (FORBIDDEN, VALIDATION …) will answer the same the second time; only a failure to
// reach the server is worth one more try.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) =>
        failureCount < 1 && !(error instanceof BackOfficeError && error.code !== 'UNREACHABLE'),
      refetchOnWindowFocus: false,
    },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BackOffice />
    </QueryClientProvider>
  );
}

/** Sign-in until the server has issued a session token, then the operator shell. */
function BackOffice() {
  const client = useQueryClient();
  const [token, setToken] = useState(readSessionToken);
  const [section, setSection] = useState(() => findSectionByPath(window.location.pathname));
  const profile = useProfile(token);

  useEffect(() => {
    const handlePopState = () => setSection(findSectionByPath(window.location.pathname));
    window.addEventListener('popstate', handlePopState);
    return () => window.removeEventListener('popstate', handlePopState);
  }, []);

  // The server ended the session (idle time, a lock, another sign-out): back to the sign-in.
  useEffect(
    () =>
      onSessionEnded(() => {
        setToken(null);
        client.clear();
      }),
    [client],
  );

  useEffect(() => {
    document.title = token ? `${section.title} · Panalo back office` : 'Sign in · Panalo back office';
  }, [token, section]);

  function navigate(target: Section) {
    window.history.pushState(null, '', `${BASE_PATH}${target.id}`);
    setSection(target);
  }

  async function handleSignOut() {
    const current = token;
    clearSessionToken();
    setToken(null);
    client.clear();
    if (current) await signOut(current);
  }

  if (!token) {
    return (
      <SignInPage
        onSignedIn={(value) => {
          saveSessionToken(value.token);
          setToken(value.token);
        }}
      />
    );
  }
  if (profile.isPending) {
    return (
      <main className="sign-in" aria-busy="true">
        <p className="muted">Opening the back office…</p>
      </main>
    );
  }
  if (profile.isError) {
    return (
      <main className="sign-in">
        <div className="sign-in__card">
          <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
          <button className="button button--quiet" type="button" onClick={() => void handleSignOut()}>
            Sign out
          </button>
        </div>
      </main>
    );
  }
  if (profile.data.passwordChangeRequired) {
    return (
      <ChangePasswordPage
        username={profile.data.operator.username}
        onChanged={() => void client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY })}
        onSignOut={() => void handleSignOut()}
      />
    );
  }
  return (
    <AdminShell
      profile={profile.data}
      section={section}
      onNavigate={navigate}
      onSignOut={() => void handleSignOut()}
    />
  );
}
