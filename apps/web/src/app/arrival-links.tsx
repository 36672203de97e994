import { useResetLink } from '../features/auth/hooks/use-reset-link';
import { useSocialReturn } from '../features/auth/hooks/use-social-return';

/**
 * What a link into the site carries in its address: an emailed password reset's token, or the way
 * back from a social login's provider. Loaded only when the address holds one (lib/arrival-link.ts).
 */
export function ArrivalLinks(): null {
  useResetLink();
  useSocialReturn();
  return null;
}
