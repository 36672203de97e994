/**
 * index.html's boot script asks for the page's first calls (system status, permission, public
 * state) while the scripts still download, and leaves the pending answers here. requestApi takes
 * an answer instead of asking again, once, and only when it was asked with the same token: the
 * call is then the very one the app would have made, one round trip earlier.
 */
type BootPrefetch = {
  token: string | null;
  /** Pending answers by the URL the app builds for the call (buildUrl). */
  responses: Record<string, Promise<Response> | undefined>;
};

declare global {
  interface Window {
    __panaloBoot?: BootPrefetch;
  }
}

/** The boot script's answer to a GET of `url` with `token`, handed out once; otherwise null. */
export function takeBootResponse(url: string, token: string | null): Promise<Response> | null {
  const boot = typeof window === 'undefined' ? undefined : window.__panaloBoot;
  const response = boot?.responses[url];
  if (!boot || !response) return null;
  delete boot.responses[url];
  // Asked for another session (a login since, or a token from the address): ask again.
  return (boot.token ?? null) === token ? response : null;
}
