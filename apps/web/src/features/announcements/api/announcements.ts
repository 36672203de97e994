import { queryOptions, useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';
import type { Announcement, LanguageCode, PopupExecution } from '../../../lib/api/system-types';

/** Spec §9: announcements page 8 at a time. */
export const announcementPageSize = 8;
const announcementTypes = 'B,PL,PU,PR,H';

export const announcementsQuery = (input: {
  language: LanguageCode;
  execution: PopupExecution;
  pageNo: number;
  token: string | null;
}) =>
  queryOptions({
    queryKey: ['announcements', input.language, input.execution, input.pageNo, input.token],
    queryFn: ({ signal }) =>
      api.get('/wps/system/announcements', {
        params: {
          query: {
            types: announcementTypes,
            platform: 'W',
            execution: input.execution,
            pageNo: input.pageNo,
            pageSize: announcementPageSize,
            language: input.language,
          },
        },
        signal,
      }),
    staleTime: 60_000,
  });

/** One page of announcements for several executions (first-time logins read A and F), merged. */
export function useAnnouncements(input: {
  language: LanguageCode;
  executions: PopupExecution[];
  pageNo: number;
  token: string | null;
}) {
  return useQueries({
    queries: input.executions.map((execution) => announcementsQuery({ ...input, execution })),
    combine: (results) => {
      const seen = new Set<string>();
      const list: Announcement[] = [];
      for (const result of results) {
        for (const item of result.data?.list ?? []) {
          if (seen.has(item.id)) continue;
          seen.add(item.id);
          list.push(item);
        }
      }
      return {
        list,
        totalPages: Math.max(0, ...results.map((result) => result.data?.totalPages ?? 0)),
        isPending: results.some((result) => result.isPending),
        isError: results.some((result) => result.isError),
        isSuccess: results.every((result) => result.isSuccess),
        refetch: () => results.forEach((result) => void result.refetch()),
      };
    },
  });
}
