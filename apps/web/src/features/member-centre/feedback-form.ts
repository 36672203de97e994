// The feedback form's checks (spec §5 "Feedback": the text's length within the merchant's limits,
// images as a promotion application's: png or jpg, at most 5 MB each, at most 3). The server checks
// the same; these say so before anything is sent.

export const FEEDBACK_TYPES = ['suggestion', 'game', 'payment', 'account', 'other'] as const;
/** What the file picker offers; the server reads the content, so a renamed file is still refused. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';

/** The length of a text as the server counts it: in characters (code points), an emoji being one. */
export function contentLengthOf(content: string): number {
  return [...content.trim()].length;
}

export type ContentProblem = 'required' | 'tooShort' | 'tooLong';

/** What is wrong with the text for the merchant's limits, or null. */
export function checkContent(content: string, limits: { min: number; max: number }): ContentProblem | null {
  const length = contentLengthOf(content);
  if (length === 0) return 'required';
  if (length < limits.min) return 'tooShort';
  return length > limits.max ? 'tooLong' : null;
}

/** Whether a file's first bytes are a PNG or JPEG signature. */
export function isPngOrJpeg(head: Uint8Array): boolean {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((byte, index) => head[index] === byte)) return true;
  return head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}

export type PickedFile = { name: string; size: number; head: Uint8Array };
export type ImageProblem = { name: string; problem: 'imageTooLarge' | 'imageWrongType' | 'imageTooMany' };

/**
 * Which of the files just picked join the form: each a PNG or JPEG by its content, within the size,
 * and the form holding at most `max`; the others named with what is wrong with them.
 */
export function admitImages<File extends PickedFile>(
  held: number,
  picked: readonly File[],
  limits: { max: number; bytesMax: number },
): { admitted: File[]; problems: ImageProblem[] } {
  const admitted: File[] = [];
  const problems: ImageProblem[] = [];
  for (const file of picked) {
    if (!isPngOrJpeg(file.head)) problems.push({ name: file.name, problem: 'imageWrongType' });
    else if (file.size > limits.bytesMax) problems.push({ name: file.name, problem: 'imageTooLarge' });
    else if (held + admitted.length >= limits.max)
      problems.push({ name: file.name, problem: 'imageTooMany' });
    else admitted.push(file);
  }
  return { admitted, problems };
}
