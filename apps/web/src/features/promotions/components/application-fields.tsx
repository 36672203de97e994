import { ImagePlus, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { joinClassNames } from '../../../lib/class-names';
import {
  COMMENT_LENGTH_MAX,
  commentLengthOf,
  IMAGE_ACCEPT,
  IMAGE_BYTES_MAX,
  IMAGES_MAX,
} from '../apply-form';
import type { ApplicationForm } from '../hooks/use-application-form';

const IMAGE_MEGABYTES_MAX = IMAGE_BYTES_MAX / (1024 * 1024);

/**
 * The application's fields (spec §5): a note with its count of characters, and up to 3 pictures
 * with their previews, each removable, refused ones named with why, and the upload's progress.
 * The form element itself is the dialog's, so that its submit can sit in the dialog's footer.
 */
export function ApplicationFields({
  form,
  formId,
  onSubmit,
}: {
  form: ApplicationForm;
  formId: string;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const length = commentLengthOf(form.comment);
  const isOverLength = length > COMMENT_LENGTH_MAX;
  const commentError =
    form.serverFields?.comment ??
    (form.commentProblem === 'tooLong'
      ? t('promotions.apply.commentTooLong', { max: COMMENT_LENGTH_MAX })
      : null);
  const imageErrors = [
    ...form.imageProblems.map((problem) =>
      t(`promotions.apply.${problem.problem}`, {
        name: problem.name,
        max: IMAGES_MAX,
        size: IMAGE_MEGABYTES_MAX,
      }),
    ),
    ...(form.serverFields?.imageIds ? [form.serverFields.imageIds] : []),
  ];
  const isFull = form.images.length >= IMAGES_MAX;
  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className="flex flex-col gap-4 rounded-lg border border-line bg-raised p-3"
      data-testid="application-form"
    >
      <h3 className="text-sm font-semibold text-text">{t('promotions.apply.title')}</h3>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={`${id}-comment`} className="text-sm font-medium text-text">
            {t('promotions.apply.comment')}
          </label>
          <span
            id={`${id}-count`}
            aria-live="polite"
            className={joinClassNames(
              'text-xs tabular',
              isOverLength ? 'font-semibold text-danger' : 'text-muted',
            )}
            data-testid="application-comment-count"
          >
            {t('promotions.apply.commentCount', { count: length, max: COMMENT_LENGTH_MAX })}
          </span>
        </div>
        <textarea
          id={`${id}-comment`}
          value={form.comment}
          onChange={(event) => form.changeComment(event.target.value)}
          rows={3}
          placeholder={t('promotions.apply.commentPlaceholder')}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={`${id}-count${commentError ? ` ${id}-comment-error` : ''}`}
          className={joinClassNames(
            'min-h-24 w-full resize-y rounded-md border bg-surface px-3 py-2 text-base text-text outline-none transition-colors placeholder:text-muted focus:border-brand md:text-sm',
            commentError || isOverLength ? 'border-danger' : 'border-line',
          )}
          data-testid="application-comment"
        />
        {commentError ? (
          <p id={`${id}-comment-error`} className="text-xs text-danger" role="alert">
            {commentError}
          </p>
        ) : null}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium text-text">
          {t('promotions.apply.images', { max: IMAGES_MAX })}
        </legend>
        <ul className="grid grid-cols-3 gap-2">
          {form.images.map((image, index) => (
            <li
              key={image.key}
              className="relative aspect-square overflow-hidden rounded-md border border-line bg-surface"
            >
              <img
                src={image.previewUrl}
                alt={t('promotions.apply.imageAlt', { index: index + 1 })}
                className="size-full object-cover"
              />
              <button
                type="button"
                onClick={() => form.removeImage(image.key)}
                disabled={form.isSubmitting}
                aria-label={t('promotions.apply.removeImage', { index: index + 1 })}
                className="absolute top-0 right-0 grid size-11 place-items-center text-white disabled:opacity-50"
                data-testid="application-remove-image"
              >
                <span className="grid size-7 place-items-center rounded-full bg-black/60">
                  <X size={16} aria-hidden="true" />
                </span>
              </button>
            </li>
          ))}
          {isFull ? null : (
            <li>
              <button
                type="button"
                onClick={() => fileInput.current?.click()}
                disabled={form.isSubmitting}
                className="flex aspect-square w-full flex-col items-center justify-center gap-1 rounded-md border border-dashed border-line bg-surface px-2 text-center text-xs text-muted transition-colors hover:border-brand hover:text-text disabled:opacity-50"
                data-testid="application-add-image"
              >
                <ImagePlus size={22} aria-hidden="true" />
                {t('promotions.apply.addImage')}
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
            void form.addFiles(files);
          }}
          data-testid="application-file-input"
        />
        <p className="text-xs text-muted">{t('promotions.apply.imageHint', { size: IMAGE_MEGABYTES_MAX })}</p>
        {imageErrors.length > 0 ? (
          <ul className="flex flex-col gap-0.5" role="alert" data-testid="application-image-errors">
            {imageErrors.map((error) => (
              <li key={error} className="text-xs text-danger">
                {error}
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>
      {form.uploadPercent !== null ? (
        <div className="flex flex-col gap-1" data-testid="application-upload-progress">
          <p className="text-xs text-muted tabular" aria-live="polite">
            {t('promotions.apply.uploading', { percent: form.uploadPercent })}
          </p>
          <div
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={form.uploadPercent}
            aria-label={t('promotions.apply.uploadLabel')}
            className="h-1.5 overflow-hidden rounded-full bg-line"
          >
            <div
              className="h-full rounded-full bg-brand transition-[width] duration-150"
              style={{ width: `${form.uploadPercent}%` }}
            />
          </div>
        </div>
      ) : null}
    </form>
  );
}
