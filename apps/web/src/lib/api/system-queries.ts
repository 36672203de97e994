import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import type { LanguageCode, WhitelabelNode } from './system-types';

// Query options shared by the shell and several features. Language-dependent data carries the
// language in its key, so switching language loads it again.

export const systemStatusQuery = () =>
  queryOptions({
    queryKey: ['system', 'status'],
    queryFn: ({ signal }) => api.get('/wps/system/status', { signal }),
    staleTime: 30_000,
  });

export const permissionQuery = (language: LanguageCode) =>
  queryOptions({
    queryKey: ['system', 'permission', language],
    queryFn: ({ signal }) =>
      api
        .get('/wps/system/permission', { params: { query: { language } }, signal })
        .then((value) => value.info),
    staleTime: 5 * 60_000,
  });

export const publicStateQuery = (language: LanguageCode, token: string | null) =>
  queryOptions({
    queryKey: ['system', 'publicState', language, token],
    queryFn: ({ signal }) => api.get('/wps/system/publicState', { params: { query: { language } }, signal }),
    staleTime: 60_000,
  });

export const registerSettingsQuery = (language: LanguageCode) =>
  queryOptions({
    queryKey: ['system', 'registerSettings', language],
    queryFn: ({ signal }) =>
      api.get('/wps/system/setting/register', { params: { query: { language } }, signal }),
    staleTime: 5 * 60_000,
  });

/** Whether a whitelabel switch (spec §3, §6) is on anywhere in the tree. */
export function isSwitchEnabled(tree: readonly WhitelabelNode[] | undefined, modId: string): boolean {
  for (const node of tree ?? []) {
    if (node.modId === modId) return node.enabled;
    if (isSwitchEnabled(node.children, modId)) return true;
  }
  return false;
}
