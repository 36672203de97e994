import type { CaptchaService } from '../modules/captcha/captcha.service.ts';
import type { ResolvedMerchant } from '../modules/merchant/merchant.service.ts';
import type { AccountCreation } from '../modules/merchant/merchant-settings.ts';
import { AppError } from '../platform/errors/errors.ts';
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

/** An admitted attempt, counted; given back when it opened no account after all. */
export type NewAccountAdmission = { refund(): Promise<void> };

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
 * many honest subscribers share one carrier address. Never refuses outright. The caller gives the
 * attempt back (refund) when it opens no account after all.
 */
export async function admitNewAccount(
  deps: { rateLimiter: RateLimiter; captcha: CaptchaService },
  merchant: ResolvedMerchant,
  input: NewAccountInput,
): Promise<NewAccountAdmission> {
  const rules = newAccountRules(merchant.settings.accountCreation, input.kind);
  const { deviceId } = input.client;
  const addressKey = `${merchant.id}:${addressGroupOf(input.client.ip)}`;
  const deviceKey = deviceId ? `${merchant.id}:${deviceId}` : null;
  const [address, device] = await Promise.all([
    deps.rateLimiter.hit(rules.address, addressKey),
    deviceKey ? deps.rateLimiter.hit(rules.device, deviceKey) : null,
  ]);
  const admission: NewAccountAdmission = {
    async refund() {
      await Promise.all([
        address.ticket ? deps.rateLimiter.refund(rules.address, addressKey, address.ticket) : null,
        device?.ticket && deviceKey ? deps.rateLimiter.refund(rules.device, deviceKey, device.ticket) : null,
      ]);
    },
  };
  const isOverThreshold = !address.allowed || (device !== null && !device.allowed);
  if (!isOverThreshold || input.isCaptchaSolved) return admission;
  // Unanswered or wrong, the attempt stays counted: asking again and again keeps the window full.
  if (!input.captcha?.trim()) throw new AppError('CAPTCHA_REQUIRED', { value: { captcha: true } });
  if (!(await deps.captcha.verify(input.captchaId, input.captcha))) {
    throw new AppError('CAPTCHA_INVALID', { value: { captcha: true } });
  }
  return admission;
}
