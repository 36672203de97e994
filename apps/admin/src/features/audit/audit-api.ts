import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

export type AuditEntry = ValueOf<'/bo/audit'>['list'][number];

export type AuditFilter = {
  merchantId: string;
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  /** Dates as the date inputs give them (YYYY-MM-DD, the operator's day). */
  fromDate: string;
  toDate: string;
  page: number;
};

export const AUDIT_PAGE_SIZE = 50;

/** A date input's day as the instant it starts in the browser's time zone. */
function startOfDay(date: string, plusDays = 0): string | undefined {
  if (!date) return undefined;
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return undefined;
  return new Date(year, month - 1, day + plusDays).toISOString();
}

export function useAudit(filter: AuditFilter) {
  return useQuery({
    queryKey: ['bo', 'audit', filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/audit', {
          params: {
            query: {
              merchantId: filter.merchantId,
              actor: filter.actor.trim(),
              action: filter.action.trim(),
              targetType: filter.targetType.trim(),
              targetId: filter.targetId.trim(),
              from: startOfDay(filter.fromDate),
              // The "to" day is included whole.
              to: startOfDay(filter.toDate, 1),
              page: filter.page,
              pageSize: AUDIT_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
