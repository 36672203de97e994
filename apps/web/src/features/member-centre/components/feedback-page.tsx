import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, ImagePlus, MessageSquareText, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormNotice } from '../../../components/ui/field';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { isApiError } from '../../../lib/api/api-error';
import { joinClassNames } from '../../../lib/class-names';
import { answerOfFailure, type FormAnswer } from '../../../lib/failure-answer';
import { dateTimeFormatOf } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import {
  FEEDBACK_KEY,
  type Feedback,
  type FeedbackList,
  type FeedbackType,
  fetchFeedback,
  sendFeedback,
  uploadFeedbackImage,
} from '../api/feedback';
import {
  admitImages,
  type ContentProblem,
  checkContent,
  contentLengthOf,
  FEEDBACK_TYPES,
  IMAGE_ACCEPT,
  type ImageProblem,
} from '../feedback-form';

/**
 * Feedback of the member centre (spec §2 "feedback form", §7 PUT /wps/feedback): the form (a type,
 * a text with its count of characters, up to three pictures with previews) and the member's earlier
 * feedback with the site's answers. Answers also arrive in the member's messages.
 */
export function FeedbackPage() {
  const language = useLanguage();
  const list = useQuery({
    queryKey: [...FEEDBACK_KEY, language],
    queryFn: ({ signal }) => fetchFeedback(language, signal),
  });
  if (list.isPending) {
    return (
      <div className="p-4">
        <SkeletonLines lines={6} />
      </div>
    );
  }
  if (list.isError) return <ErrorState onRetry={() => void list.refetch()} />;
  return (
    <div className="flex flex-col gap-6 p-4 lg:flex-row lg:items-start" data-testid="feedback-page">
      <FeedbackFormSection rules={list.data} />
      <FeedbackHistory items={list.data.list} />
    </div>
  );
}

type Picked = { key: string; file: File; previewUrl: string };

async function headOf(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, 8).arrayBuffer());
}

function FeedbackFormSection({ rules }: { rules: FeedbackList }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<FeedbackType>('suggestion');
  const [content, setContent] = useState('');
  const [contentProblem, setContentProblem] = useState<ContentProblem | null>(null);
  const [images, setImages] = useState<Picked[]>([]);
  const [imageProblems, setImageProblems] = useState<ImageProblem[]>([]);
  const [answer, setAnswer] = useState<FormAnswer | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [isSent, setIsSent] = useState(false);
  const limits = { min: rules.contentMinLength, max: rules.contentMaxLength };
  const length = contentLengthOf(content);
  const megabytes = rules.imageBytesMax / (1024 * 1024);

  // Previews are object URLs: let them go when the form forgets them or leaves the screen.
  const imagesRef = useRef(images);
  imagesRef.current = images;
  useEffect(
    () => () => {
      for (const image of imagesRef.current) URL.revokeObjectURL(image.previewUrl);
    },
    [],
  );

  const send = useMutation({
    mutationFn: async () => {
      // One picture after another: a phone's line is better spent on one at a time.
      const imageIds: string[] = [];
      for (const image of images) imageIds.push((await uploadFeedbackImage(image.file, language)).id);
      return sendFeedback({ type, content: content.trim(), imageIds }, language);
    },
    onSuccess: () => {
      for (const image of images) URL.revokeObjectURL(image.previewUrl);
      setImages([]);
      setContent('');
      setIsSent(true);
      void queryClient.invalidateQueries({ queryKey: FEEDBACK_KEY });
    },
    onError: (error) => {
      const fields = isApiError(error)
        ? (error.value as { fields?: Record<string, string> } | undefined)?.fields
        : undefined;
      setServerFields(fields ?? {});
      setAnswer(fields ? null : answerOfFailure(error, t('errors.loadFailed')));
    },
  });

  async function addFiles(files: File[]) {
    const picked = await Promise.all(
      files.map(async (file) => ({ file, name: file.name, size: file.size, head: await headOf(file) })),
    );
    const { admitted, problems } = admitImages(images.length, picked, {
      max: rules.imagesMax,
      bytesMax: rules.imageBytesMax,
    });
    setImageProblems(problems);
    setServerFields((current) => ({ ...current, imageIds: '', file: '' }));
    setImages((current) => [
      ...current,
      ...admitted.map(({ file }) => ({
        key: crypto.randomUUID(),
        file,
        previewUrl: URL.createObjectURL(file),
      })),
    ]);
  }

  function removeImage(key: string) {
    setImages((current) => {
      const gone = current.find((image) => image.key === key);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return current.filter((image) => image.key !== key);
    });
  }

  function submit() {
    const problem = checkContent(content, limits);
    setContentProblem(problem);
    setAnswer(null);
    setServerFields({});
    if (problem === null) send.mutate();
  }

  if (isSent) {
    return (
      <section
        className="flex flex-1 flex-col items-center gap-3 rounded-lg border border-line bg-raised p-6 text-center"
        data-testid="feedback-sent"
        aria-live="polite"
      >
        <CircleCheck size={36} className="text-success" aria-hidden="true" />
        <h3 className="text-base font-semibold text-text">{t('feedback.sentTitle')}</h3>
        <p className="max-w-sm text-sm text-muted">{t('feedback.sentLine')}</p>
        <Button variant="secondary" onClick={() => setIsSent(false)} data-testid="feedback-send-another">
          {t('feedback.sendAnother')}
        </Button>
      </section>
    );
  }

  const contentError =
    serverFields.content ||
    (contentProblem ? t(`feedback.${contentProblem}`, { min: limits.min, max: limits.max }) : null);
  const imageErrors = [
    ...imageProblems.map((problem) =>
      t(`feedback.${problem.problem}`, { name: problem.name, max: rules.imagesMax, size: megabytes }),
    ),
    ...[serverFields.imageIds, serverFields.file].filter((text): text is string => Boolean(text)),
  ];
  const isBusy = send.isPending;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="flex flex-1 flex-col gap-4 rounded-lg border border-line bg-raised p-4"
      data-testid="feedback-form"
    >
      <p className="text-sm text-muted">{t('feedback.intro')}</p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-type`} className="text-sm font-medium text-text">
          {t('feedback.type')}
        </label>
        <select
          id={`${id}-type`}
          value={type}
          onChange={(event) => setType(event.target.value as FeedbackType)}
          className="min-h-11 rounded-md border border-line bg-surface px-3 text-base text-text outline-none focus:border-brand md:text-sm"
          data-testid="feedback-type"
        >
          {FEEDBACK_TYPES.map((option) => (
            <option key={option} value={option}>
              {t(`feedback.types.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={`${id}-content`} className="text-sm font-medium text-text">
            {t('feedback.content')}
          </label>
          <span
            id={`${id}-count`}
            aria-live="polite"
            className={joinClassNames(
              'text-xs tabular',
              length > limits.max ? 'font-semibold text-danger' : 'text-muted',
            )}
            data-testid="feedback-count"
          >
            {t('feedback.count', { count: length, max: limits.max })}
          </span>
        </div>
        <textarea
          id={`${id}-content`}
          value={content}
          onChange={(event) => {
            setContent(event.target.value);
            setContentProblem(null);
            setServerFields((current) => ({ ...current, content: '' }));
          }}
          onBlur={() => setContentProblem(content.trim() === '' ? null : checkContent(content, limits))}
          rows={5}
          placeholder={t('feedback.placeholder', { min: limits.min })}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={`${id}-count${contentError ? ` ${id}-content-error` : ''}`}
          className={joinClassNames(
            'min-h-32 w-full resize-y rounded-md border bg-surface px-3 py-2 text-base text-text outline-none transition-colors placeholder:text-muted focus:border-brand md:text-sm',
            contentError ? 'border-danger' : 'border-line',
          )}
          data-testid="feedback-content"
        />
        {contentError ? (
          <p
            id={`${id}-content-error`}
            className="text-xs text-danger"
            role="alert"
            data-testid="feedback-content-error"
          >
            {contentError}
          </p>
        ) : null}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium text-text">
          {t('feedback.images', { max: rules.imagesMax })}
        </legend>
        <ul className="grid grid-cols-3 gap-2">
          {images.map((image, index) => (
            <li
              key={image.key}
              className="relative aspect-square overflow-hidden rounded-md border border-line bg-surface"
            >
              <img
                src={image.previewUrl}
                alt={t('feedback.imageAlt', { index: index + 1 })}
                className="size-full object-cover"
              />
              <button
                type="button"
                onClick={() => removeImage(image.key)}
                disabled={isBusy}
                aria-label={t('feedback.removeImage', { index: index + 1 })}
                className="absolute top-0 right-0 grid size-11 place-items-center text-white disabled:opacity-50"
                data-testid="feedback-remove-image"
              >
                <span className="grid size-7 place-items-center rounded-full bg-black/60">
                  <X size={16} aria-hidden="true" />
                </span>
              </button>
            </li>
          ))}
          {images.length >= rules.imagesMax ? null : (
            <li>
              <button
                type="button"
                onClick={() => fileInput.current?.click()}
                disabled={isBusy}
                className="flex aspect-square w-full flex-col items-center justify-center gap-1 rounded-md border border-dashed border-line bg-surface px-2 text-center text-xs text-muted transition-colors hover:border-brand hover:text-text disabled:opacity-50"
                data-testid="feedback-add-image"
              >
                <ImagePlus size={22} aria-hidden="true" />
                {t('feedback.addImage')}
              </button>
            </li>
          )}
        </ul>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            // The same file may be picked again after it was removed.
            event.target.value = '';
            void addFiles(files);
          }}
          data-testid="feedback-file-input"
        />
        <p className="text-xs text-muted">{t('feedback.imageHint', { size: megabytes })}</p>
        {imageErrors.length > 0 ? (
          <ul className="flex flex-col gap-0.5" role="alert" data-testid="feedback-image-errors">
            {imageErrors.map((error) => (
              <li key={error} className="text-xs text-danger">
                {error}
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>
      {answer ? <FormNotice message={answer.message} code={answer.code} /> : null}
      <Button
        type="submit"
        variant="primary"
        disabled={isBusy}
        className="self-stretch sm:self-start"
        data-testid="feedback-submit"
      >
        {isBusy ? t('feedback.sending') : t('feedback.send')}
      </Button>
    </form>
  );
}

function FeedbackHistory({ items }: { items: Feedback[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dateTime = dateTimeFormatOf(language);
  return (
    <section className="flex flex-1 flex-col gap-3" data-testid="feedback-history">
      <h3 className="text-sm font-semibold text-text">{t('feedback.history')}</h3>
      {items.length === 0 ? (
        <EmptyState
          title={t('feedback.emptyTitle')}
          line={t('feedback.emptyLine')}
          icon={<MessageSquareText size={26} strokeWidth={1.75} aria-hidden="true" />}
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-3"
              data-testid="feedback-item"
              data-status={item.status}
            >
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-medium text-text">{t(`feedback.types.${item.type}`)}</span>
                <StatusBadge tone={item.status === 'answered' ? 'good' : 'waiting'}>
                  {t(`feedback.status.${item.status}`)}
                </StatusBadge>
              </div>
              <p className="text-xs text-muted tabular">{dateTime.format(new Date(item.createdAt))}</p>
              <p className="whitespace-pre-line break-words text-sm text-text">{item.content}</p>
              {item.images.length > 0 ? (
                <p className="text-xs text-muted">
                  {t('feedback.imageCount', { count: item.images.length })}
                </p>
              ) : null}
              {item.answer ? (
                <div
                  className="rounded-md bg-raised px-3 py-2 text-sm text-text"
                  data-testid="feedback-answer"
                >
                  <p className="mb-1 text-xs font-semibold text-muted">{t('feedback.answer')}</p>
                  <p className="whitespace-pre-line break-words">{item.answer}</p>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
