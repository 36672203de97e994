import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

// Operator mail and message templates' back-office calls (docs/back-office.md "Mail and message
// templates"), typed by the server's OpenAPI document.

export type MailRow = ValueOf<'/bo/mail'>['list'][number];
export type MailBody = BodyOf<'/bo/mail', 'post'>;
export type MailStatus = MailRow['status'];
export type TemplateRow = ValueOf<'/bo/message-templates'>['list'][number];
export type TemplateKind = TemplateRow['kind'];
export type TemplateLanguage = TemplateRow['language'];

export const MAIL_PAGE_SIZE = 25;
const MAIL_KEY = ['bo', 'mail'] as const;
const TEMPLATES_KEY = ['bo', 'message-templates'] as const;

export function useMails(input: { merchantId: string; page: number }) {
  return useQuery({
    queryKey: [...MAIL_KEY, 'list', input],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/mail', {
          params: { query: { merchantId: input.merchantId, page: input.page, pageSize: MAIL_PAGE_SIZE } },
        }),
      ),
    enabled: input.merchantId !== '',
    placeholderData: keepPreviousData,
  });
}

/** Sends (or schedules) a mail; the list is read again. */
export function useMailSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailBody) => unwrap(backOffice.POST('/bo/mail', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MAIL_KEY }),
  });
}

export function useMailCancel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(backOffice.POST('/bo/mail/{id}/cancel', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MAIL_KEY }),
  });
}

export function useTemplates(merchantId: string) {
  return useQuery({
    queryKey: [...TEMPLATES_KEY, merchantId],
    queryFn: () => unwrap(backOffice.GET('/bo/message-templates', { params: { query: { merchantId } } })),
    enabled: merchantId !== '',
  });
}

type TemplateKey = { merchantId: string; kind: TemplateKind; language: TemplateLanguage };

export function useTemplateSave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TemplateKey & { title: string; body: string }) =>
      unwrap(
        backOffice.PUT('/bo/message-templates/{kind}/{language}', {
          params: { path: { kind: input.kind, language: input.language } },
          body: { merchantId: input.merchantId, title: input.title, body: input.body },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}

export function useTemplateReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TemplateKey) =>
      unwrap(
        backOffice.DELETE('/bo/message-templates/{kind}/{language}', {
          params: {
            path: { kind: input.kind, language: input.language },
            query: { merchantId: input.merchantId },
          },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}

export function useTemplatePreview() {
  return useMutation({
    mutationFn: (input: TemplateKey & { title: string; body: string }) =>
      unwrap(backOffice.POST('/bo/message-templates/preview', { body: input })),
  });
}
