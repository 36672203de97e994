// The operator's session token lives in sessionStorage: it ends with the browser tab, which suits
// a shared office computer better than a token that survives a restart.
const TOKEN_KEY = 'panalo.admin.token';

export function readSessionToken(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function saveSessionToken(token: string): void {
  window.sessionStorage.setItem(TOKEN_KEY, token);
}

export function clearSessionToken(): void {
  window.sessionStorage.removeItem(TOKEN_KEY);
}

type SessionEndedListener = () => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** Tells whoever listens (the app) that the server no longer knows the token: sign in again. */
export function announceSessionEnded(): void {
  clearSessionToken();
  for (const listener of sessionEndedListeners) listener();
}

export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}
