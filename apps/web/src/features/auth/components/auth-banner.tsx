import type { BannerGroup } from '../../../lib/api/system-types';
import { usePublicState } from '../../../lib/system/system-hooks';

/** The w_login / w_register banner above the form; space is reserved only when a banner exists. */
export function AuthBanner({ group }: { group: BannerGroup }) {
  const banner = usePublicState().data?.banners.find((entry) => entry.groupName === group);
  if (!banner) return null;
  return (
    <img
      src={banner.url}
      alt={banner.title}
      className="aspect-[16/5] w-full shrink-0 bg-raised object-cover"
    />
  );
}
