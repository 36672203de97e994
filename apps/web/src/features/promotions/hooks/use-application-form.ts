import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import { answerOfFailure, type FormAnswer } from '../../../lib/failure-answer';
import { useLanguage } from '../../../lib/i18n/i18n';
import { applyForPromotion, type PromotionDetail, type UploadedImage } from '../api/promotions';
import { uploadApplyImage } from '../api/upload-image';
import {
  admitImages,
  type CommentProblem,
  checkComment,
  IMAGE_HEAD_BYTES,
  type ImageProblem,
  uploadPercentOf,
} from '../apply-form';

/** A picture in the form: the file, its preview, and its upload once sent (kept for a second try). */
export type HeldImage = { key: string; file: File; previewUrl: string; uploaded: UploadedImage | null };

/** What the server said about a field (VALIDATION's value.fields), in its words. */
type ServerFields = { comment?: string; imageIds?: string };

function serverFieldsOf(error: unknown): ServerFields | null {
  if (!isApiError(error) || error.code !== 'VALIDATION') return null;
  const fields = (error.value as { fields?: Record<string, string> } | undefined)?.fields;
  if (!fields) return null;
  const comment = fields.comment;
  const imageIds = Object.entries(fields).find(([path]) => path.startsWith('imageIds'))?.[1];
  return comment || imageIds ? { comment, imageIds } : null;
}

let nextImageKey = 0;

/**
 * The application form (docs/promotions.md "apply"): a comment, up to 3 pictures checked as they
 * are picked, then each picture uploaded in turn with its progress and the application sent with
 * their ids. A picture uploaded once is not uploaded again when the application is sent a second
 * time, since the server takes only a few uploads a day.
 */
export function useApplicationForm(promotionId: string, onSent: (detail: PromotionDetail) => void) {
  const language = useLanguage();
  const [comment, setComment] = useState('');
  const [commentProblem, setCommentProblem] = useState<CommentProblem | null>(null);
  const [images, setImages] = useState<HeldImage[]>([]);
  const [imageProblems, setImageProblems] = useState<ImageProblem[]>([]);
  const [serverFields, setServerFields] = useState<ServerFields | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [answer, setAnswer] = useState<FormAnswer | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  // Previews are object URLs: each is let go when its picture leaves the form or the form closes.
  const imagesRef = useRef(images);
  imagesRef.current = images;
  useEffect(
    () => () => {
      for (const image of imagesRef.current) URL.revokeObjectURL(image.previewUrl);
    },
    [],
  );

  function changeComment(value: string) {
    setComment(value);
    setCommentProblem(null);
    setServerFields((current) => (current ? { ...current, comment: undefined } : null));
  }

  async function addFiles(files: readonly File[]) {
    const picked = await Promise.all(
      files.map(async (file) => ({
        name: file.name,
        size: file.size,
        head: new Uint8Array(await file.slice(0, IMAGE_HEAD_BYTES).arrayBuffer()),
        file,
      })),
    );
    const { admitted, problems } = admitImages(imagesRef.current.length, picked);
    setImageProblems(problems);
    setServerFields((current) => (current ? { ...current, imageIds: undefined } : null));
    setImages((current) => [
      ...current,
      ...admitted.map(({ file }) => {
        nextImageKey += 1;
        return { key: `image-${nextImageKey}`, file, previewUrl: URL.createObjectURL(file), uploaded: null };
      }),
    ]);
  }

  function removeImage(key: string) {
    const image = imagesRef.current.find((each) => each.key === key);
    if (image) URL.revokeObjectURL(image.previewUrl);
    setImages((current) => current.filter((each) => each.key !== key));
    setImageProblems([]);
  }

  /** Checks the comment; when it is fine, uploads what is not uploaded yet and sends the application. */
  async function submit(fallback: { upload: string; send: string }): Promise<void> {
    setAnswer(null);
    setServerFields(null);
    const problem = checkComment(comment);
    setCommentProblem(problem);
    if (problem) return;
    setSubmitting(true);
    let stage: keyof typeof fallback = 'upload';
    try {
      const held = imagesRef.current;
      const ids: string[] = [];
      for (const [index, image] of held.entries()) {
        setUploadPercent(uploadPercentOf({ done: index, total: held.length, current: 0 }));
        const uploaded =
          image.uploaded ??
          (await uploadApplyImage(image.file, language, (fraction) =>
            setUploadPercent(uploadPercentOf({ done: index, total: held.length, current: fraction })),
          ));
        if (!image.uploaded) {
          setImages((current) =>
            current.map((each) => (each.key === image.key ? { ...each, uploaded } : each)),
          );
        }
        ids.push(uploaded.id);
      }
      setUploadPercent(null);
      stage = 'send';
      const detail = await applyForPromotion(
        { id: promotionId, comment: comment.trim(), imageIds: ids },
        language,
      );
      // Sent: the pictures went with it, and the form starts empty should it be needed again.
      for (const image of held) URL.revokeObjectURL(image.previewUrl);
      setImages([]);
      setComment('');
      onSent(detail);
    } catch (error) {
      const fields = serverFieldsOf(error);
      if (fields) setServerFields(fields);
      else {
        // A picture that did not get through (the network, a timeout) comes back without words of the server's.
        const failure = answerOfFailure(error, fallback[stage]);
        setAnswer(failure.message ? failure : { ...failure, message: fallback[stage] });
      }
    } finally {
      setUploadPercent(null);
      setSubmitting(false);
    }
  }

  return {
    comment,
    changeComment,
    commentProblem,
    images,
    imageProblems,
    serverFields,
    addFiles,
    removeImage,
    uploadPercent,
    answer,
    isSubmitting,
    submit,
  };
}

export type ApplicationForm = ReturnType<typeof useApplicationForm>;
