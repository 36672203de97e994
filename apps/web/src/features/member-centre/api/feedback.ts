import { type ApiBody, type ApiValue, api } from '../../../lib/api/api-client';
import type { LanguageCode } from '../../../lib/api/system-types';

export type FeedbackList = ApiValue<'/wps/feedback', 'get'>;
export type Feedback = FeedbackList['list'][number];
export type FeedbackType = Feedback['type'];
export type FeedbackForm = ApiBody<'/wps/feedback', 'put'>;
export type FeedbackImage = ApiValue<'/wps/feedback/image', 'post'>;

export const FEEDBACK_KEY = ['feedback'] as const;

export function fetchFeedback(language: LanguageCode, signal?: AbortSignal): Promise<FeedbackList> {
  return api.get('/wps/feedback', { params: { query: { language, pageSize: 20 } }, signal });
}

export function sendFeedback(form: FeedbackForm, language: LanguageCode): Promise<Feedback> {
  return api.put('/wps/feedback', { params: { query: { language } }, body: form });
}

/** POST /wps/feedback/image: one picture, sent as a browser's form sends a file. */
export function uploadFeedbackImage(file: File, language: LanguageCode): Promise<FeedbackImage> {
  const form = new FormData();
  form.set('file', file, file.name);
  // The API client sends a FormData body as it is (multipart); the document types it as its field.
  return api.post('/wps/feedback/image', {
    params: { query: { language } },
    body: form as unknown as ApiBody<'/wps/feedback/image', 'post'>,
  });
}
