import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';
import type { HelpSection } from '../../../lib/api/system-types';
import { useLanguage } from '../../../lib/i18n/i18n';

/** Help centre v2 (spec §7): lang and device WEB. */
export function useHelpCenter() {
  const language = useLanguage();
  return useQuery({
    queryKey: ['helpCenter', language],
    queryFn: ({ signal }) =>
      api
        .get('/wps/system/helpCenter', { params: { query: { lang: language, device: 'WEB' } }, signal })
        .then((value) => value.list),
    staleTime: 10 * 60_000,
  });
}

/** The section that holds an anchor, as a section anchor or an article anchor. */
export function findSectionByAnchor(
  sections: readonly HelpSection[],
  anchor: string | undefined,
): HelpSection | undefined {
  if (!anchor) return sections[0];
  return (
    sections.find((section) => section.anchor === anchor) ??
    sections.find((section) => section.articles.some((article) => article.anchor === anchor)) ??
    sections[0]
  );
}
