import { useEffect, useState } from 'react';
import { signOut } from '../features/auth/sign-in.ts';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { clearSessionToken, readSessionToken, saveSessionToken } from '../lib/session.ts';
import { AdminShell } from './admin-shell.tsx';
import { BASE_PATH, findSectionByPath, type Section } from './sections.ts';

/** Sign-in until the server has issued a session token, then the operator shell. */
export function App() {
  const [token, setToken] = useState(readSessionToken);
  const [section, setSection] = useState(() => findSectionByPath(window.location.pathname));

  useEffect(() => {
    const handlePopState = () => setSection(findSectionByPath(window.location.pathname));
    window.addEventListener('popstate', handlePopState);
    return () => window.removeEventListener('popstate', handlePopState);
  }, []);

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
  return <AdminShell section={section} onNavigate={navigate} onSignOut={() => void handleSignOut()} />;
}
