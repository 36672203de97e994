import { useQuery } from '@tanstack/react-query';
import { permissionQuery, publicStateQuery, systemStatusQuery } from '../api/system-queries';
import { pickCdn } from '../cdn';
import { useLanguage } from '../i18n/i18n';
import { useAuthStore } from '../session/auth-store';

export function useSystemStatus() {
  return useQuery(systemStatusQuery());
}

export function usePermission() {
  return useQuery(permissionQuery(useLanguage()));
}

export function usePublicState() {
  const token = useAuthStore((state) => state.token);
  return useQuery(publicStateQuery(useLanguage(), token));
}

/** The image and launch CDNs this page load uses (spec §9); null until the permission arrives or when none is set. */
export function useCdns(): { image: string | null; launch: string | null } {
  const { data } = usePermission();
  return {
    image: data ? pickCdn(data.imageCDNs) : null,
    launch: data ? pickCdn(data.launchGameCDNs) : null,
  };
}
