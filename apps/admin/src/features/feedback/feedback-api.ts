import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

export type FeedbackRow = ValueOf<'/bo/feedback'>['list'][number];
export type FeedbackStatus = FeedbackRow['status'];
export type FeedbackType = FeedbackRow['type'];

export const FEEDBACK_PAGE_SIZE = 25;
/** The longest answer the server takes, in characters. */
export const ANSWER_LENGTH_MAX = 2000;
const FEEDBACK_KEY = ['bo', 'feedback'] as const;

export function useFeedbackInbox(filter: {
  merchantId: string;
  status: FeedbackStatus | '';
  type: FeedbackType | '';
  page: number;
}) {
  return useQuery({
    queryKey: [...FEEDBACK_KEY, filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/feedback', {
          params: {
            query: {
              merchantId: filter.merchantId,
              ...(filter.status ? { status: filter.status } : {}),
              ...(filter.type ? { type: filter.type } : {}),
              page: filter.page,
              pageSize: FEEDBACK_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: filter.merchantId !== '',
  });
}

export function useAnswerFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; answer: string }) =>
      unwrap(
        backOffice.POST('/bo/feedback/{id}/answer', {
          params: { path: { id: input.id } },
          body: { answer: input.answer },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEEDBACK_KEY }),
  });
}
