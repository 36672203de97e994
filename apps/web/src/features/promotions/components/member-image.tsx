import { ImageOff } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuthorizedImage } from '../../../lib/images/use-authorized-image';
import { useAuthStore } from '../../../lib/session/auth-store';

/**
 * A picture the member sent with an application. The server gives these only to their owner, on
 * the session's bearer token: fetched with it and shown from memory (useAuthorizedImage).
 */
export function MemberImage({ url, alt }: { url: string; alt: string }) {
  const token = useAuthStore((state) => state.token);
  const image = useAuthorizedImage(url, token);
  if (image.status === 'loading') return <Skeleton className="size-full rounded-none" />;
  if (image.status === 'failed') {
    return (
      <div role="img" aria-label={alt} className="grid size-full place-items-center bg-raised text-muted">
        <ImageOff size={20} aria-hidden="true" />
      </div>
    );
  }
  return <img src={image.objectUrl} alt={alt} className="size-full object-cover" />;
}
