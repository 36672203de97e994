import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

export type ApplicationRow = ValueOf<'/bo/affiliate-applications'>['list'][number];
export type ApplicationStatus = ApplicationRow['status'];
export type ApproveBody = BodyOf<'/bo/affiliate-applications/{id}/approve', 'post'>;

export const APPLICATIONS_PAGE_SIZE = 25;
const APPLICATIONS_KEY = ['bo', 'affiliate-applications'] as const;
// An approval makes an agent: the agent list and trees change with it.
const AGENTS_KEY = ['bo', 'agents'] as const;

export function useApplications(filter: {
  merchantId: string;
  status: ApplicationStatus | '';
  page: number;
}) {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/affiliate-applications', {
          params: {
            query: {
              merchantId: filter.merchantId,
              ...(filter.status ? { status: filter.status } : {}),
              page: filter.page,
              pageSize: APPLICATIONS_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: filter.merchantId !== '',
  });
}

function useApplicationChange<Input, Value>(run: (input: Input) => Promise<Value>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: APPLICATIONS_KEY });
      await queryClient.invalidateQueries({ queryKey: AGENTS_KEY });
    },
  });
}

export const useApproveApplication = () =>
  useApplicationChange((input: ApproveBody & { id: string }) =>
    unwrap(
      backOffice.POST('/bo/affiliate-applications/{id}/approve', {
        params: { path: { id: input.id } },
        body: {
          agentType: input.agentType,
          uplineId: input.uplineId,
          invitationCode: input.invitationCode,
          ...(input.note ? { note: input.note } : {}),
        },
      }),
    ),
  );

export const useRejectApplication = () =>
  useApplicationChange((input: { id: string; note: string }) =>
    unwrap(
      backOffice.POST('/bo/affiliate-applications/{id}/reject', {
        params: { path: { id: input.id } },
        body: { note: input.note },
      }),
    ),
  );
