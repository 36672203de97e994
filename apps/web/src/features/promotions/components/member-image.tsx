import { ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { readDeviceId } from '../../../lib/device-id';
import { useAuthStore } from '../../../lib/session/auth-store';

type Loaded = { url: string; objectUrl: string | null; hasFailed: boolean };

/**
 * A picture the member sent with an application. The server gives these only to their owner, on
 * the session's bearer token, which an <img> cannot send: the picture is fetched with it and shown
 * from memory, let go when it leaves the screen.
 */
export function MemberImage({ url, alt }: { url: string; alt: string }) {
  const token = useAuthStore((state) => state.token);
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
  if (!current) return <Skeleton className="size-full rounded-none" />;
  if (current.hasFailed || !current.objectUrl) {
    return (
      <div role="img" aria-label={alt} className="grid size-full place-items-center bg-raised text-muted">
        <ImageOff size={20} aria-hidden="true" />
      </div>
    );
  }
  return <img src={current.objectUrl} alt={alt} className="size-full object-cover" />;
}
