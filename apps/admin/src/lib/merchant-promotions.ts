import { useQuery } from '@tanstack/react-query';
import { backOffice, unwrap } from './back-office-api.ts';
import { MULTIPLIER_CEILING } from './bonus-terms.ts';

/**
 * The merchant's highest wagering multiplier (settings promotions.maxMultiplier), for the forms
 * that type bonus terms (a promotion's, a grant by hand), and whether it is known. The
 * configuration is read with settings.read; an operator without it is held only to the platform's
 * ceiling here, and the server, which checks the merchant's own on every save, says so beside the
 * field.
 */
export function useMaxMultiplier(merchantId: string): { maxMultiplier: number; isKnown: boolean } {
  const config = useQuery({
    queryKey: ['bo', 'merchant-config', merchantId],
    queryFn: () =>
      unwrap(backOffice.GET('/bo/merchants/{id}/config', { params: { path: { id: merchantId } } })),
    enabled: merchantId !== '',
    retry: false,
  });
  const known = config.data?.promotions.maxMultiplier;
  return known === undefined
    ? { maxMultiplier: MULTIPLIER_CEILING, isKnown: false }
    : { maxMultiplier: known, isKnown: true };
}
