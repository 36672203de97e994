import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLanguage } from '../i18n/i18n';
import { vendorLanesQuery } from './catalogue-api';

/** Vendors' display names by code, for the tiles' text marks (never a vendor's logo, DESIGN.md). */
export function useVendorNames(): Map<string, string> {
  const lanes = useQuery(vendorLanesQuery(useLanguage()));
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const lane of lanes.data ?? []) {
      for (const card of lane.cards) names.set(card.vassalage, card.accountTypeName);
    }
    return names;
  }, [lanes.data]);
}
