import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../i18n/i18n';
import { useAuthStore } from '../session/auth-store';
import { permissionQuery, publicStateQuery, systemStatusQuery } from './system-queries';

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
