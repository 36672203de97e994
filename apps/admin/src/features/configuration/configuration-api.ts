import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callBackOffice } from '../../lib/back-office-api.ts';

export type SwitchNode = { modId: string; enabled: boolean; children: SwitchNode[] };
export type RegisterRule = {
  field: string;
  enabled: boolean;
  required: boolean;
  acceptedPattern: string;
  patternId: number;
  minLength: number;
  maxLength: number;
  type: 'text' | 'password' | 'tel' | 'email' | 'date' | 'code';
};
export type RegionRestriction = {
  enabled: boolean;
  blockedCountries: string[];
  blockedCidrs: string[];
  allowCidrs: string[];
};
export type Maintenance = {
  enabled: boolean;
  title: string | null;
  message: string | null;
  startsAt: string | null;
  endsAt: string | null;
};
export type General = {
  name: string;
  currency: string;
  currencySymbol: string;
  timeZone: string;
  defaultLanguage: string;
  languages: string[];
  mainDomain: string;
  siteName: string;
  minimumAge: number;
  session: { idleMinutes: number; absoluteMinutes: number };
  analyticsId: string | null;
  imageCDNs: string[];
  launchGameCDNs: string[];
  passwordExpiryDays: number;
};
/** New accounts one address (an IPv6 /64) or device may open in the window before a captcha is asked. */
export type AccountCreation = {
  windowMinutes: number;
  registrationsPerAddress: number;
  registrationsPerDevice: number;
  trialsPerAddress: number;
  trialsPerDevice: number;
};
/**
 * A domain route; `scheme` and `port` say how it is reached from outside. On the main PLAYER route
 * they make the main origin every emailed link and gateway callback names (else PUBLIC_ORIGIN).
 */
export type Domain = {
  domain: string;
  route: 'PLAYER' | 'AGENT' | 'MOBILE';
  isMain: boolean;
  scheme: 'http' | 'https' | null;
  port: number | null;
};
export type SocialLoginProvider = {
  provider: 'google' | 'facebook';
  enabled: boolean;
  issuer: string;
  clientId: string;
  scopes: string;
  clientSecretSet: boolean;
};

export type MerchantConfig = {
  merchant: { id: string; code: string; isDefault: boolean };
  general: General;
  domains: Domain[];
  whitelabel: SwitchNode[];
  register: RegisterRule[];
  socialLogin: SocialLoginProvider[];
  systemStatus: { maintenance: Maintenance; closedEverywhere: boolean; regionRestriction: RegionRestriction };
  accountCreation: AccountCreation;
};

const configKey = (merchantId: string) => ['bo', 'merchant-config', merchantId] as const;

export function useMerchantConfig(merchantId: string) {
  return useQuery({
    queryKey: configKey(merchantId),
    queryFn: () => callBackOffice<MerchantConfig>(`/bo/merchants/${merchantId}/config`),
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
  | 'account-creation';

/** One section written whole; the answer is the new configuration, put straight into the cache. */
export function useSaveSection(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { section: ConfigSection; body: unknown }) =>
      callBackOffice<MerchantConfig>(`/bo/merchants/${merchantId}/${input.section}`, {
        method: 'PUT',
        body: input.body,
      }),
    onSuccess: (config) => queryClient.setQueryData(configKey(merchantId), config),
  });
}
