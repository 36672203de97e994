import { randomInt } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { present } from '../../platform/errors/invariant.ts';

/**
 * Draws a captcha as a PNG with no image library: 5×7 glyphs scaled up, each shifted and
 * slanted a little, over speckles and crossed by lines. Legible to people, annoying to scripts.
 */

// 5×7 bitmaps; the alphabet leaves out look-alikes (0/O/D, 1/I/L, B/8, S/5, G/6, Q, Z/2).
const GLYPHS: Record<string, string[]> = {
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  C: ['01110', '10001', '10000', '10000', '10000', '10001', '01110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '11001', '10101', '10011', '10001', '10001', '10001'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
};

export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');
export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;
const SCALE = 4;
const NOISE_LINES = 4;
const SPECKLES = 140;

type Rgb = [number, number, number];

/** A random answer from the unambiguous alphabet. */
export function createCaptchaText(): string {
  let text = '';
  for (let index = 0; index < CAPTCHA_LENGTH; index += 1) {
    text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  }
  return text;
}

/** The PNG bytes of text drawn as a captcha. */
export function drawCaptcha(text: string): Buffer {
  const pixels = Buffer.alloc(CAPTCHA_WIDTH * CAPTCHA_HEIGHT * 3);
  const background: Rgb = [244, 241, 250];
  for (let index = 0; index < CAPTCHA_WIDTH * CAPTCHA_HEIGHT; index += 1) {
    pixels.set(background, index * 3);
  }
  const put = (x: number, y: number, colour: Rgb) => {
    if (x < 0 || y < 0 || x >= CAPTCHA_WIDTH || y >= CAPTCHA_HEIGHT) return;
    pixels.set(colour, (y * CAPTCHA_WIDTH + x) * 3);
  };

  for (let index = 0; index < SPECKLES; index += 1) {
    put(randomInt(CAPTCHA_WIDTH), randomInt(CAPTCHA_HEIGHT), [180 + randomInt(60), 170 + randomInt(60), 200]);
  }

  const cell = CAPTCHA_WIDTH / CAPTCHA_LENGTH;
  [...text].forEach((character, position) => {
    const glyph = present(GLYPHS[character], `no glyph for ${character}`);
    const colour: Rgb = [40 + randomInt(80), 20 + randomInt(40), 90 + randomInt(90)];
    const left = Math.round(position * cell + (cell - 5 * SCALE) / 2) + randomInt(-3, 4);
    const top = Math.round((CAPTCHA_HEIGHT - 7 * SCALE) / 2) + randomInt(-3, 4);
    // A slant of up to about 0.25 pixel per row either way.
    const slant = (randomInt(-25, 26) / 100) * SCALE;
    glyph.forEach((row, rowIndex) => {
      [...row].forEach((bit, columnIndex) => {
        if (bit !== '1') return;
        for (let dy = 0; dy < SCALE; dy += 1) {
          const y = top + rowIndex * SCALE + dy;
          const shift = Math.round((y - CAPTCHA_HEIGHT / 2) * (slant / SCALE));
          for (let dx = 0; dx < SCALE - 1; dx += 1) {
            put(left + columnIndex * SCALE + dx - shift, y, colour);
          }
        }
      });
    });
  });

  for (let line = 0; line < NOISE_LINES; line += 1) {
    const colour: Rgb = [120 + randomInt(80), 90 + randomInt(60), 160 + randomInt(60)];
    let y = randomInt(CAPTCHA_HEIGHT);
    const drift = (randomInt(-20, 21) / 100) * 1.5;
    for (let x = 0; x < CAPTCHA_WIDTH; x += 1) {
      put(x, Math.round(y), colour);
      y = Math.min(CAPTCHA_HEIGHT - 1, Math.max(0, y + drift));
    }
  }
  return encodePng(pixels, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
}

/** A truecolour (RGB, 8-bit) PNG: signature, IHDR, one IDAT, IEND. */
function encodePng(rgb: Buffer, width: number, height: number): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    // Filter byte 0 (none) starts each scanline.
    rgb.copy(rows, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}
