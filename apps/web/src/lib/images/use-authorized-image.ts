import { useEffect, useState } from 'react';
import { readDeviceId } from '../device-id';

type Loaded = { url: string; objectUrl: string | null; hasFailed: boolean };

/** A private picture's state: loading, shown from memory, or failed. */
export type AuthorizedImage =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; objectUrl: string };

/**
 * A picture the server gives only to whoever the bearer token names (a member's session, a
 * visitor's chat token): an <img> cannot send the token, so the picture is fetched with it and
 * shown from memory, let go when the component leaves the screen or the address changes.
 */
export function useAuthorizedImage(url: string, token: string | null): AuthorizedImage {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const headers: Record<string, string> = { 'X-Device-Id': readDeviceId() };
    if (token) headers.Authorization = `Bearer ${token}`;
    fetch(url, { headers, signal: controller.signal, credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`image ${response.status}`);
        objectUrl = URL.createObjectURL(await response.blob());
        setLoaded({ url, objectUrl, hasFailed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ url, objectUrl: null, hasFailed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, token]);
  const current = loaded?.url === url ? loaded : null;
  if (!current) return { status: 'loading' };
  if (current.hasFailed || !current.objectUrl) return { status: 'failed' };
  return { status: 'ready', objectUrl: current.objectUrl };
}
