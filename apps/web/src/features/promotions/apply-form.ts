// The application form's limits and checks (spec §5 "Promotion application": a comment of at most
// 140 characters; png or jpg images of at most 5 MB each, at most 3). The server checks the same.

export const COMMENT_LENGTH_MAX = 140;
export const IMAGES_MAX = 3;
export const IMAGE_BYTES_MAX = 5 * 1024 * 1024;
/** What the file picker offers; the server reads the content, so a renamed file is still refused. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';

/**
 * The length of a comment as the server counts it: in characters (code points), so an emoji is one,
 * not the two UTF-16 units of String.length.
 */
export function commentLengthOf(comment: string): number {
  return [...comment].length;
}

export type CommentProblem = 'tooLong';

/**
 * A comment may say what the application is for, in at most 140 characters; it may be left out
 * (the server takes an empty one), say where the pictures say it all.
 */
export function checkComment(comment: string): CommentProblem | null {
  return commentLengthOf(comment.trim()) > COMMENT_LENGTH_MAX ? 'tooLong' : null;
}

export type ImageKind = 'png' | 'jpeg';

/** What a file's first bytes say it is: a PNG or JPEG signature, or neither. */
export function imageKindOf(head: Uint8Array): ImageKind | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((byte, index) => head[index] === byte)) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  return null;
}

/** The signature bytes imageKindOf reads. */
export const IMAGE_HEAD_BYTES = 8;

export type PickedFile = { name: string; size: number; head: Uint8Array };

export type ImageProblem = { name: string; problem: 'tooLarge' | 'wrongType' | 'tooMany' };

/**
 * Which of the files just picked join the form: each must be a PNG or JPEG by its content and at
 * most 5 MB, and the form holds at most 3; the others are named with what is wrong with them.
 */
export function admitImages<File extends PickedFile>(
  heldCount: number,
  picked: readonly File[],
): { admitted: File[]; problems: ImageProblem[] } {
  const admitted: File[] = [];
  const problems: ImageProblem[] = [];
  for (const file of picked) {
    if (imageKindOf(file.head) === null) problems.push({ name: file.name, problem: 'wrongType' });
    else if (file.size > IMAGE_BYTES_MAX) problems.push({ name: file.name, problem: 'tooLarge' });
    else if (heldCount + admitted.length >= IMAGES_MAX)
      problems.push({ name: file.name, problem: 'tooMany' });
    else admitted.push(file);
  }
  return { admitted, problems };
}

/** The progress of uploading a form's images one after another, in whole percent of all of them. */
export function uploadPercentOf(input: { done: number; total: number; current: number }): number {
  if (input.total <= 0) return 100;
  const fraction = (input.done + Math.min(1, Math.max(0, input.current))) / input.total;
  return Math.min(100, Math.floor(fraction * 100));
}
