import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callBackOffice, toQueryString, uploadToBackOffice } from './back-office-api.ts';

/**
 * The back office's row editors (banners, announcements, help centre, customer service, resources)
 * share one shape on the server: GET /bo/<segment>?merchantId, POST /bo/<segment>, PUT and DELETE
 * /bo/<segment>/:id. These hooks speak that shape for any segment.
 */
export type EntrySegment =
  | 'banners'
  | 'announcements'
  | 'help-categories'
  | 'help-articles'
  | 'customer-services'
  | 'resources';

export function useEntryList<Row>(segment: EntrySegment, merchantId: string) {
  return useQuery({
    queryKey: ['bo', segment, merchantId],
    queryFn: () => callBackOffice<{ list: Row[] }>(`/bo/${segment}${toQueryString({ merchantId })}`),
    select: (value) => value.list,
    enabled: merchantId !== '',
  });
}

export type EntryChange = { id?: string; merchantId?: string; body?: unknown; remove?: boolean };

/** Creates (no id), changes (an id) or removes (remove) one row; the lists are read again. */
export function useEntryChange(segment: EntrySegment, alsoRefresh: readonly EntrySegment[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EntryChange) => {
      if (input.remove && input.id) return callBackOffice(`/bo/${segment}/${input.id}`, { method: 'DELETE' });
      return input.id
        ? callBackOffice(`/bo/${segment}/${input.id}`, { method: 'PUT', body: input.body })
        : callBackOffice(`/bo/${segment}`, {
            method: 'POST',
            body: { ...(input.body as object), merchantId: input.merchantId },
          });
    },
    onSuccess: () =>
      Promise.all(
        [segment, ...alsoRefresh].map((key) => queryClient.invalidateQueries({ queryKey: ['bo', key] })),
      ),
  });
}

/**
 * Sends one image file to an upload route (`/bo/images` for content staff, `/bo/settings/images`
 * for configuration staff); the server checks it by content and answers the URL players load.
 */
export function uploadImageTo(
  route: '/bo/images' | '/bo/settings/images',
  merchantId: string,
  file: File,
): Promise<{ url: string; width: number; height: number }> {
  return uploadToBackOffice(`${route}${toQueryString({ merchantId })}`, file);
}
