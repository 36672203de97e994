import { describe, expect, it } from 'vitest';
import { admitImages, checkContent, contentLengthOf } from './feedback-form';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38]);
const LIMITS = { max: 3, bytesMax: 5 * 1024 * 1024 };

describe('the feedback text', () => {
  it('is counted in characters, trimmed, an emoji being one', () => {
    expect(contentLengthOf('  😀😀 ')).toBe(2);
    expect(contentLengthOf('Mabagal')).toBe(7);
  });

  it('must lie within the merchant’s limits', () => {
    const limits = { min: 10, max: 12 };
    expect(checkContent('   ', limits)).toBe('required');
    expect(checkContent('Mabagal', limits)).toBe('tooShort');
    expect(checkContent('😀'.repeat(10), limits)).toBeNull();
    expect(checkContent('a'.repeat(13), limits)).toBe('tooLong');
  });
});

describe('the feedback images', () => {
  it('takes PNG and JPEG by their content within the size, and at most the form’s number', () => {
    const picked = [
      { name: 'a.png', size: 10, head: PNG },
      { name: 'b.png', size: 10, head: GIF },
      { name: 'c.jpg', size: LIMITS.bytesMax + 1, head: JPEG },
      { name: 'd.jpg', size: 10, head: JPEG },
      { name: 'e.png', size: 10, head: PNG },
    ];
    const { admitted, problems } = admitImages(1, picked, LIMITS);
    expect(admitted.map((file) => file.name)).toEqual(['a.png', 'd.jpg']);
    expect(problems).toEqual([
      { name: 'b.png', problem: 'imageWrongType' },
      { name: 'c.jpg', problem: 'imageTooLarge' },
      { name: 'e.png', problem: 'imageTooMany' },
    ]);
  });
});
