import { useQuery } from '@tanstack/react-query';
import { fetchFile } from './download-file.ts';

/**
 * A picture the server never serves publicly (a feedback's, an application's, a chat's): fetched
 * with the operator's token and shown from an object URL, fetched once per address.
 */
export function usePrivateImage(url: string) {
  return useQuery({
    queryKey: ['bo', 'private-image', url],
    queryFn: async () => URL.createObjectURL((await fetchFile(url)).blob),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
