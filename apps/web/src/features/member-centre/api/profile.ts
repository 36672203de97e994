import { type ApiBody, type ApiValue, api } from '../../../lib/api/api-client';
import { sealedApi } from '../../../lib/api/sealed-request';
import type { LanguageCode } from '../../../lib/api/system-types';

export type Profile = ApiValue<'/wps/member/profile', 'get'>;
export type ProfileValues = Profile['values'];
export type ProfileRules = Profile['rules'];
export type ProfileChanges = ApiBody<'/wps/member/profile', 'put'>;
export type ContactTarget = ApiBody<'/wps/member/profile/contact/code', 'post'>;

export function fetchProfile(language: LanguageCode): Promise<Profile> {
  return api.get('/wps/member/profile', { params: { query: { language } } });
}

export function saveProfile(changes: ProfileChanges, language: LanguageCode): Promise<ProfileValues> {
  return api.put('/wps/member/profile', { params: { query: { language } }, body: changes });
}

/** Sends a code to the new e-mail address or mobile number. */
export function sendContactCode(target: ContactTarget, language: LanguageCode) {
  return api.post('/wps/member/profile/contact/code', { params: { query: { language } }, body: target });
}

/** Replaces the e-mail address or mobile number with the code sent to the new one (sealed). */
export function confirmContact(target: ContactTarget & { code: string }, language: LanguageCode) {
  return sealedApi.post('/wps/member/profile/contact', { params: { query: { language } }, body: target });
}
