import type { CaptchaService } from '../modules/captcha/captcha.service.ts';
import type { ResolvedMerchant } from '../modules/merchant/merchant.service.ts';
import type { AccountCreation } from '../modules/merchant/merchant-settings.ts';
import { AppError } from '../platform/http/errors.ts';
import { addressGroupOf } from '../platform/rate-limit/address-group.ts';
import type { RateLimiter, RateLimitRule } from '../platform/rate-limit/rate-limiter.ts';

/** A registered member, or a free-play trial account. */
export type NewAccountKind = 'register' | 'trial';

export type NewAccountInput = {
  kind: NewAccountKind;
  /** Where the request comes from (a ClientContext of login.ts fits). */
  client: { ip: string; deviceId: string | null };
  /** The captcha answer the form sent, if any. */
  captcha: string | undefined;
  captchaId: string | undefined;
  /** The merchant's own register rules already asked for and checked a captcha on this request. */
  isCaptchaSolved?: boolean;
};

/** The merchant's thresholds for one kind, per address group and per device. */
export function newAccountRules(
  settings: AccountCreation,
  kind: NewAccountKind,
): { address: RateLimitRule; device: RateLimitRule } {
  const windowSeconds = settings.windowMinutes * 60;
  const [perAddress, perDevice] =
    kind === 'register'
      ? [settings.registrationsPerAddress, settings.registrationsPerDevice]
      : [settings.trialsPerAddress, settings.trialsPerDevice];
  return {
    address: { name: `new-${kind}-address`, limit: perAddress, windowSeconds },
    device: { name: `new-${kind}-device`, limit: perDevice, windowSeconds },
  };
}

/**
 * Lets one more account be opened from this client, or asks for a captcha. The attempt is counted
 * before anything is created, so that every request of a simultaneous burst past the threshold is
 * asked for a captcha; past the threshold a solved captcha still lets the account be opened, as
 * many honest subscribers share one carrier address. Never refuses outright.
 */
export async function admitNewAccount(
  deps: { rateLimiter: RateLimiter; captcha: CaptchaService },
  merchant: ResolvedMerchant,
  input: NewAccountInput,
): Promise<void> {
  const rules = newAccountRules(merchant.settings.accountCreation, input.kind);
  const { deviceId } = input.client;
  const [address, device] = await Promise.all([
    deps.rateLimiter.hit(rules.address, `${merchant.id}:${addressGroupOf(input.client.ip)}`),
    deviceId ? deps.rateLimiter.hit(rules.device, `${merchant.id}:${deviceId}`) : null,
  ]);
  const isOverThreshold = !address.allowed || (device !== null && !device.allowed);
  if (!isOverThreshold || input.isCaptchaSolved) return;
  if (!input.captcha?.trim()) throw new AppError('CAPTCHA_REQUIRED', { value: { captcha: true } });
  if (!(await deps.captcha.verify(input.captchaId, input.captcha))) {
    throw new AppError('CAPTCHA_INVALID', { value: { captcha: true } });
  }
}
