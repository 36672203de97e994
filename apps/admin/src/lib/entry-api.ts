import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, backOffice, fileUpload, unwrap, type ValueOf } from './back-office-api.ts';

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

/** One row of a segment's list, as the OpenAPI document describes it. */
export type EntryRow<Segment extends EntrySegment> =
  ValueOf<`/bo/${Segment}`> extends { list: (infer Row)[] } ? Row : never;

/** What a row of a segment is saved with (PUT; a new one adds its merchant). */
export type EntryInput<Segment extends EntrySegment> = BodyOf<`/bo/${Segment}/{id}`, 'put'>;

export function useEntryList<Row>(segment: EntrySegment, merchantId: string) {
  return useQuery({
    queryKey: ['bo', segment, merchantId],
    queryFn: () => unwrap(backOffice.GET(`/bo/${segment}`, { params: { query: { merchantId } } })),
    // The segment's rows: the caller names their type (EntryRow of its segment).
    select: (value) => value.list as Row[],
    enabled: merchantId !== '',
  });
}

export type EntryChange = { id?: string; merchantId?: string; body?: unknown; remove?: boolean };

/** Creates (no id), changes (an id) or removes (remove) one row; the lists are read again. */
export function useEntryChange(segment: EntrySegment, alsoRefresh: readonly EntrySegment[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EntryChange): Promise<unknown> => {
      // The row editor hands over the body its form built for this segment.
      const body = input.body as EntryInput<EntrySegment>;
      if (input.remove && input.id) {
        return unwrap(backOffice.DELETE(`/bo/${segment}/{id}`, { params: { path: { id: input.id } } }));
      }
      return unwrap(
        input.id
          ? backOffice.PUT(`/bo/${segment}/{id}`, { params: { path: { id: input.id } }, body })
          : backOffice.POST(`/bo/${segment}`, { body: { ...body, merchantId: input.merchantId } }),
      );
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
export function uploadImageTo(route: '/bo/images' | '/bo/settings/images', merchantId: string, file: File) {
  return unwrap(backOffice.POST(route, { params: { query: { merchantId } }, ...fileUpload(file) }));
}
