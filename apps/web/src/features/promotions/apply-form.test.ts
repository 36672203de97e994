import { describe, expect, it } from 'vitest';
import {
  admitImages,
  COMMENT_LENGTH_MAX,
  checkComment,
  commentLengthOf,
  IMAGE_BYTES_MAX,
  IMAGES_MAX,
  imageKindOf,
  type PickedFile,
  uploadPercentOf,
} from './apply-form';

const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const GIF_HEAD = new TextEncoder().encode('GIF89a\0\0');

const file = (name: string, head: Uint8Array, size = 1000): PickedFile => ({ name, size, head });

describe('the application’s comment', () => {
  it('takes up to 140 characters', () => {
    expect(checkComment('a'.repeat(COMMENT_LENGTH_MAX))).toBeNull();
    expect(checkComment('a'.repeat(COMMENT_LENGTH_MAX + 1))).toBe('tooLong');
  });

  it('counts an emoji as one character, as the server does', () => {
    expect(commentLengthOf('🎉')).toBe(1);
    expect(checkComment('🎉'.repeat(COMMENT_LENGTH_MAX))).toBeNull();
    expect(checkComment('🎉'.repeat(COMMENT_LENGTH_MAX + 1))).toBe('tooLong');
  });

  it('may be left out, as the server allows', () => {
    expect(checkComment('')).toBeNull();
    expect(checkComment('   \n ')).toBeNull();
  });

  it('is measured without the spaces around it', () => {
    expect(checkComment(`  ${'a'.repeat(COMMENT_LENGTH_MAX)}  `)).toBeNull();
  });
});

describe('the application’s images', () => {
  it('recognises PNG and JPEG by their first bytes, whatever the name says', () => {
    expect(imageKindOf(PNG_HEAD)).toBe('png');
    expect(imageKindOf(JPEG_HEAD)).toBe('jpeg');
    expect(imageKindOf(GIF_HEAD)).toBeNull();
    expect(imageKindOf(new Uint8Array([0x89, 0x50]))).toBeNull();
    expect(imageKindOf(new Uint8Array())).toBeNull();
  });

  it('admits pictures of up to 5 MB and refuses larger ones', () => {
    const result = admitImages(0, [
      file('fits.png', PNG_HEAD, IMAGE_BYTES_MAX),
      file('big.jpg', JPEG_HEAD, IMAGE_BYTES_MAX + 1),
    ]);
    expect(result.admitted.map((each) => each.name)).toEqual(['fits.png']);
    expect(result.problems).toEqual([{ name: 'big.jpg', problem: 'tooLarge' }]);
  });

  it('refuses a file that is not a PNG or JPEG, even named as one', () => {
    const result = admitImages(0, [file('photo.png', GIF_HEAD)]);
    expect(result.admitted).toEqual([]);
    expect(result.problems).toEqual([{ name: 'photo.png', problem: 'wrongType' }]);
  });

  it('holds at most 3 pictures, counting those already in the form', () => {
    const picked = ['a', 'b', 'c'].map((name) => file(`${name}.png`, PNG_HEAD));
    const result = admitImages(IMAGES_MAX - 1, picked);
    expect(result.admitted.map((each) => each.name)).toEqual(['a.png']);
    expect(result.problems).toEqual([
      { name: 'b.png', problem: 'tooMany' },
      { name: 'c.png', problem: 'tooMany' },
    ]);
  });

  it('does not let a refused picture take a place', () => {
    const result = admitImages(2, [file('bad.gif', GIF_HEAD), file('good.jpg', JPEG_HEAD)]);
    expect(result.admitted.map((each) => each.name)).toEqual(['good.jpg']);
  });
});

describe('upload progress over several pictures', () => {
  it('counts the pictures done and the share of the one on its way', () => {
    expect(uploadPercentOf({ done: 0, total: 3, current: 0 })).toBe(0);
    expect(uploadPercentOf({ done: 1, total: 3, current: 0.5 })).toBe(50);
    expect(uploadPercentOf({ done: 3, total: 3, current: 0 })).toBe(100);
  });

  it('never goes past 100 or below 0', () => {
    expect(uploadPercentOf({ done: 2, total: 2, current: 1 })).toBe(100);
    expect(uploadPercentOf({ done: 0, total: 2, current: -1 })).toBe(0);
    expect(uploadPercentOf({ done: 0, total: 0, current: 0 })).toBe(100);
  });
});
