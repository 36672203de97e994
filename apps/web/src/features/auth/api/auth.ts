import { type ApiBody, type ApiValue, api } from '../../../lib/api/api-client';
import { sealedApi } from '../../../lib/api/sealed-request';
import type { LanguageCode } from '../../../lib/api/system-types';

/** A call's body with the member's language in the query, which the server answers in. */
function inLanguage<Body>(body: Body, language: LanguageCode) {
  return { params: { query: { language } }, body };
}

/** Login result (spec §3, API.md). */
export type LoginResult = ApiValue<'/wps/session/login', 'post'>;

/** agentPage: a login from the agent area, which the server refuses to non-agents (NON_AGENT). */
export type LoginInput =
  | { type: 'username'; username: string; password: string; captcha?: string; agentPage?: boolean }
  | {
      type: 'sms';
      mobileNum: string;
      countryDialingCode: string;
      verificationCode: string;
      agentPage?: boolean;
    };

/** POST /wps/session/login, sealed (spec §7 flag E). */
export function logIn(input: LoginInput, language: LanguageCode): Promise<LoginResult> {
  return sealedApi.post('/wps/session/login', inLanguage(input, language));
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
  // The fields are the merchant's registration rules' (registerSettings), so they are checked there.
  const body = {
    ...input.fields,
    ...input.consents,
    registerUrl: window.location.href,
    domain: window.location.host,
    registerMethod: 'WEB',
  } as ApiBody<'/wps/member/register', 'put'> & ApiBody<'/wps/member/register/mobile', 'put'>;
  const init = inLanguage(body, language);
  return input.method === 'mobile'
    ? sealedApi.put('/wps/member/register/mobile', init)
    : sealedApi.put('/wps/member/register', init);
}

/**
 * POST /wps/session/login/freeplay (spec §7): a trial account for this browser, with the captcha
 * answer when the server has asked for one.
 */
export function logInForFreePlay(language: LanguageCode, captcha?: string): Promise<LoginResult> {
  return api.post('/wps/session/login/freeplay', {
    params: { query: { language } },
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
  return api.post('/wps/verification/sms/noLogin', inLanguage(input, language));
}

/** Forgot password by email (spec §7). */
export function requestPasswordEmail(input: { username: string; email: string }, language: LanguageCode) {
  return api.post('/wps/member/password/email', inLanguage(input, language));
}

/** Set a new password with an SMS code (spec §7, sealed); answers like a login. */
export function setPasswordByPhone(
  input: { newPassword: string; mobileNum: string; countryDialingCode: string; verificationCode: string },
  language: LanguageCode,
) {
  return sealedApi.post('/wps/member/password/verification', inLanguage(input, language));
}

/** The emailed link's form: a new password with the link's token, sealed; answers like a login. */
export function resetPassword(
  input: { token: string; newPassword: string; confirmNewPassword: string },
  language: LanguageCode,
) {
  return sealedApi.post('/wps/member/password/reset', inLanguage(input, language));
}

/** Change password (spec §7, session, sealed). */
export function changePassword(
  input: { oldPassword: string; newPassword: string; confirmNewPassword: string },
  language: LanguageCode,
) {
  return sealedApi.post('/wps/member/password', inLanguage(input, language));
}

/** Registration SMS (spec §7: POST /wps/verification/sms/register with countryDialingCode and mobileNo). */
export function sendRegisterSmsCode(
  input: { mobileNum: string; countryDialingCode: string },
  language: LanguageCode,
) {
  return api.post(
    '/wps/verification/sms/register',
    inLanguage({ countryDialingCode: input.countryDialingCode, mobileNo: input.mobileNum }, language),
  );
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
  return api.post('/wps/session/login/verification/send', inLanguage(input, language));
}

/** Answers the step (sealed); answers like a login. */
export function answerSecondStep(
  input: { challengeId: string; method: SecondStepMethod; code: string },
  language: LanguageCode,
): Promise<LoginResult> {
  return sealedApi.post('/wps/session/login/verification', inLanguage(input, language));
}

/** Whether this member (registered by an agent) must still set a password and accept the terms and age. */
export function fetchFirstLogin(language: LanguageCode) {
  return api.get('/wps/member/first-login', { params: { query: { language } } });
}

/** The first login of a member an agent registered: their own password, the terms and the age (sealed). */
export function completeFirstLogin(
  input: { newPassword: string; confirmNewPassword: string; termsAccepted: boolean; ageConfirmed: boolean },
  language: LanguageCode,
) {
  return sealedApi.post('/wps/member/first-login', inLanguage(input, language));
}
