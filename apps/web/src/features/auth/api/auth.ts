import { requestApi } from '../../../lib/api/api-client';
import { requestSealedApi } from '../../../lib/api/sealed-request';
import type { LanguageCode } from '../../../lib/api/system-types';

/** Login result (spec §3, API.md). */
export type LoginResult = { token: string; firstTimeLogin: boolean; passwordExpired: boolean };

export type LoginInput =
  | { type: 'username'; username: string; password: string; captcha?: string }
  | { type: 'sms'; mobileNum: string; countryDialingCode: string; verificationCode: string };

/** POST /wps/session/login, sealed (spec §7 flag E). */
export function logIn(input: LoginInput, language: LanguageCode): Promise<LoginResult> {
  return requestSealedApi<LoginResult>('/wps/session/login', {
    method: 'POST',
    query: { language },
    body: input,
  });
}

/** PUT /wps/member/register (or /mobile for mobile registration), sealed; answers like a login. */
export function register(
  input: {
    method: 'username' | 'mobile';
    fields: Record<string, string>;
    consents: { termsAccepted: boolean; ageConfirmed: boolean };
  },
  language: LanguageCode,
): Promise<LoginResult> {
  const path = input.method === 'mobile' ? '/wps/member/register/mobile' : '/wps/member/register';
  return requestSealedApi<LoginResult>(path, {
    method: 'PUT',
    query: { language },
    body: {
      ...input.fields,
      ...input.consents,
      registerUrl: window.location.href,
      domain: window.location.host,
      registerMethod: 'WEB',
    },
  });
}

/**
 * POST /wps/session/login/freeplay (spec §7): a trial account for this browser, with the captcha
 * answer when the server has asked for one.
 */
export function logInForFreePlay(language: LanguageCode, captcha?: string): Promise<LoginResult> {
  return requestApi<LoginResult>('/wps/session/login/freeplay', {
    method: 'POST',
    query: { language },
    body: {
      os: readOperatingSystem(),
      platform: 'W',
      gatewayVersion: 3,
      ...(captcha ? { captcha } : {}),
    },
  });
}

function readOperatingSystem(): string {
  const agent = navigator.userAgent;
  if (/android/i.test(agent)) return 'ANDROID';
  if (/iphone|ipad|ipod/i.test(agent)) return 'IOS';
  return 'WEB';
}

/** SMS code without login (spec §7; method not shown there, POST here). */
export function sendSmsCode(
  input: { mobileNum: string; countryDialingCode: string },
  language: LanguageCode,
) {
  return requestApi<{ expiredMinutes?: number }>('/wps/verification/sms/noLogin', {
    method: 'POST',
    query: { language },
    body: input,
  });
}

/** Forgot password by email (spec §7). */
export function requestPasswordEmail(input: { username: string; email: string }, language: LanguageCode) {
  return requestApi<unknown>('/wps/member/password/email', {
    method: 'POST',
    query: { language },
    body: input,
  });
}

/** Set a new password with an SMS code (spec §7, sealed); answers like a login. */
export function setPasswordByPhone(
  input: { newPassword: string; mobileNum: string; countryDialingCode: string; verificationCode: string },
  language: LanguageCode,
) {
  return requestSealedApi<LoginResult>('/wps/member/password/verification', {
    method: 'POST',
    query: { language },
    body: input,
  });
}

/** The emailed link's form: a new password with the link's token, sealed; answers like a login. */
export function resetPassword(
  input: { token: string; newPassword: string; confirmNewPassword: string },
  language: LanguageCode,
) {
  return requestSealedApi<LoginResult>('/wps/member/password/reset', {
    method: 'POST',
    query: { language },
    body: input,
  });
}

/** Change password (spec §7, session, sealed). */
export function changePassword(
  input: { oldPassword: string; newPassword: string; confirmNewPassword: string },
  language: LanguageCode,
) {
  return requestSealedApi<unknown>('/wps/member/password', {
    method: 'POST',
    query: { language },
    body: input,
  });
}

/** Registration SMS (spec §7: POST /wps/verification/sms/register with countryDialingCode and mobileNo). */
export function sendRegisterSmsCode(
  input: { mobileNum: string; countryDialingCode: string },
  language: LanguageCode,
) {
  return requestApi<{ expiredMinutes?: number }>('/wps/verification/sms/register', {
    method: 'POST',
    query: { language },
    body: { countryDialingCode: input.countryDialingCode, mobileNo: input.mobileNum },
  });
}

/** The second step of a login from a new address (API.md VERIFICATION_REQUIRED). */
export type SecondStepMethod = 'sms' | 'email' | 'totp' | 'bankName';
export type SecondStepChallenge = {
  challengeId: string;
  methods: SecondStepMethod[];
  destinations: { sms?: string; email?: string };
};

export function sendSecondStepCode(
  input: { challengeId: string; method: 'sms' | 'email' },
  language: LanguageCode,
): Promise<{ expiredMinutes: number }> {
  return requestApi('/wps/session/login/verification/send', {
    method: 'POST',
    query: { language },
    body: input,
  });
}

/** Answers the step (sealed); answers like a login. */
export function answerSecondStep(
  input: { challengeId: string; method: SecondStepMethod; code: string },
  language: LanguageCode,
): Promise<LoginResult> {
  return requestSealedApi<LoginResult>('/wps/session/login/verification', {
    method: 'POST',
    query: { language },
    body: input,
  });
}
