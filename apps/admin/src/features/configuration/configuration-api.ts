import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

export type MerchantConfig = ValueOf<'/bo/merchants/{id}/config'>;
/**
 * One switch and those under it. The OpenAPI document spells the tree out three levels deep only
 * (a schema there cannot refer to itself), so the shape that nests on is written here.
 */
export type SwitchNode = { modId: string; enabled: boolean; children: SwitchNode[] };
export type RegisterRule = MerchantConfig['register'][number];

const configKey = (merchantId: string) => ['bo', 'merchant-config', merchantId] as const;

export function useMerchantConfig(merchantId: string) {
  return useQuery({
    queryKey: configKey(merchantId),
    queryFn: () =>
      unwrap(backOffice.GET('/bo/merchants/{id}/config', { params: { path: { id: merchantId } } })),
    enabled: merchantId !== '',
  });
}

export type ConfigSection =
  | 'general'
  | 'domains'
  | 'whitelabel'
  | 'register'
  | 'social-login'
  | 'system-status'
  | 'account-creation'
  | 'bets-and-agents'
  | 'feedback'
  | 'promotions'
  | 'vip'
  | 'rebate'
  | 'points';

/** One section and its new content, as PUT /bo/merchants/:id/<section> takes it. */
export type SectionChange = {
  [Section in ConfigSection]: { section: Section; body: BodyOf<`/bo/merchants/{id}/${Section}`, 'put'> };
}[ConfigSection];

/** One section written whole; the answer is the new configuration, put straight into the cache. */
export function useSaveSection(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SectionChange) =>
      unwrap(
        backOffice.PUT(`/bo/merchants/{id}/${input.section}`, {
          params: { path: { id: merchantId } },
          body: input.body,
        }),
      ),
    onSuccess: (config) => queryClient.setQueryData(configKey(merchantId), config),
  });
}
