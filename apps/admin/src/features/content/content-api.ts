import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callBackOffice, toQueryString, uploadToBackOffice } from '../../lib/back-office-api.ts';

export type Banner = {
  id: string;
  merchantId: string;
  groupName: 'w_home' | 'w_login' | 'w_register' | 'w_license' | 'w_leftmenu';
  title: Record<string, string>;
  imageUrl: string;
  linkType: 'NONE' | 'URL' | 'ROUTE' | 'PROMOTION' | 'GAME';
  linkTarget: string | null;
  sortOrder: number;
  enabled: boolean;
  startsAt: string | null;
  endsAt: string | null;
};
export type BannerInput = Omit<Banner, 'id' | 'merchantId'>;

export type Announcement = {
  id: string;
  merchantId: string;
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  execution: 'A' | 'B' | 'F' | null;
  promotionType: string | null;
  title: Record<string, string>;
  content: Record<string, string>;
  published: boolean;
  sortOrder: number;
  startsAt: string | null;
  endsAt: string | null;
};
export type AnnouncementInput = Omit<Announcement, 'id' | 'merchantId'>;

type Kind = 'banners' | 'announcements';

export function useContentList<Row>(kind: Kind, merchantId: string) {
  return useQuery({
    queryKey: ['bo', kind, merchantId],
    queryFn: () => callBackOffice<{ list: Row[] }>(`/bo/${kind}${toQueryString({ merchantId })}`),
    select: (value) => value.list,
    enabled: merchantId !== '',
  });
}

/** Creates (no id), changes (an id) or removes a banner or announcement; the list is read again. */
export function useContentChange(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string; merchantId?: string; body?: unknown; remove?: boolean }) => {
      if (input.remove && input.id) return callBackOffice(`/bo/${kind}/${input.id}`, { method: 'DELETE' });
      return input.id
        ? callBackOffice(`/bo/${kind}/${input.id}`, { method: 'PUT', body: input.body })
        : callBackOffice(`/bo/${kind}`, {
            method: 'POST',
            body: { ...(input.body as object), merchantId: input.merchantId },
          });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bo', kind] }),
  });
}

/** Sends one image file; the server checks it by content and answers the URL players load. */
export function uploadImage(
  merchantId: string,
  file: File,
): Promise<{ url: string; width: number; height: number }> {
  return uploadToBackOffice(`/bo/images${toQueryString({ merchantId })}`, file);
}
