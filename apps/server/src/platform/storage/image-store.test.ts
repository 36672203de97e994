import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors/errors.ts';
import { createImageStore, type ImageStore } from './image-store.ts';

let dataDir: string;
let store: ImageStore;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'panalo-images-'));
  store = createImageStore({ dataDir });
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('image store', () => {
  it.each([
    ['png', () => picture(40, 20).png().toBuffer()],
    ['jpeg', () => picture(40, 20).jpeg().toBuffer()],
    ['webp', () => picture(40, 20).webp().toBuffer()],
  ])('stores a %s as a WebP under uploads/<namespace> and reads it back', async (_format, make) => {
    const saved = await store.save({ namespace: 'banners', data: await make(), maxBytes: 100_000 });
    expect(saved.path).toMatch(/^banners\/[0-9a-f-]{36}\.webp$/);
    expect(saved).toMatchObject({ width: 40, height: 20, contentType: 'image/webp' });
    const read = await store.read(saved.path);
    expect(read?.length).toBe(saved.bytes);
    const metadata = await sharp(read ?? Buffer.alloc(0)).metadata();
    expect(metadata.format).toBe('webp');
    const onDisk = await readdir(path.join(dataDir, 'uploads', 'banners'));
    expect(onDisk).toContain(path.basename(saved.path));
    expect(onDisk.some((name) => name.endsWith('.partial'))).toBe(false);
  });

  it('drops the metadata of an upload (EXIF can carry where a photo was taken)', async () => {
    const withExif = await picture(30, 30)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-place', Artist: 'someone' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const saved = await store.save({ namespace: 'banners', data: withExif, maxBytes: 100_000 });
    const stored = await store.read(saved.path);
    const metadata = await sharp(stored ?? Buffer.alloc(0)).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(stored?.includes('secret-place')).toBe(false);
  });

  it('refuses a text file named .png: the content decides, never the name', async () => {
    const fake = path.join(dataDir, 'fake.png');
    await writeFile(fake, 'this is not an image, whatever its name says\n');
    const error = await refusal(
      store.save({ namespace: 'banners', data: await readFile(fake), maxBytes: 100_000 }),
    );
    expect(error.code).toBe('VALIDATION');
    expect(error.value).toEqual({ fields: { file: 'notAnImage' } });
  });

  it('refuses a PNG signature in front of something that is not a PNG', async () => {
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const jpeg = await picture(10, 10).jpeg().toBuffer();
    const error = await refusal(
      store.save({ namespace: 'banners', data: Buffer.concat([signature, jpeg]), maxBytes: 100_000 }),
    );
    expect(error.code).toBe('VALIDATION');
  });

  it('refuses a truncated image whose header is valid', async () => {
    const png = await picture(300, 300).png({ compressionLevel: 0 }).toBuffer();
    const error = await refusal(
      store.save({ namespace: 'banners', data: png.subarray(0, png.length / 2), maxBytes: 1_000_000 }),
    );
    expect(error.code).toBe('VALIDATION');
    expect(error.value).toEqual({ fields: { file: 'unreadableImage' } });
  });

  it('refuses other image formats (GIF, SVG) even though they are images', async () => {
    const gif = await picture(10, 10).gif().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    for (const data of [gif, svg]) {
      const error = await refusal(store.save({ namespace: 'banners', data, maxBytes: 100_000 }));
      expect(error.code).toBe('VALIDATION');
    }
  });

  it('refuses more bytes than allowed with 413 PAYLOAD_TOO_LARGE', async () => {
    const png = await picture(50, 50).png().toBuffer();
    const error = await refusal(store.save({ namespace: 'banners', data: png, maxBytes: png.length - 1 }));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.status).toBe(413);
  });

  it('refuses more pixels than allowed with 422 VALIDATION, before decoding them', async () => {
    const png = await picture(200, 100).png().toBuffer();
    const error = await refusal(
      store.save({ namespace: 'banners', data: png, maxBytes: 1_000_000, maxPixels: 19_999 }),
    );
    expect(error.code).toBe('VALIDATION');
    expect(error.status).toBe(422);
    expect(error.value?.fields).toEqual({ file: 'tooManyPixels' });
    const accepted = await store.save({
      namespace: 'banners',
      data: png,
      maxBytes: 1_000_000,
      maxPixels: 20_000,
    });
    expect(accepted.width * accepted.height).toBe(20_000);
  });

  it('reads nothing outside the uploads folder', async () => {
    await writeFile(path.join(dataDir, 'secret.webp'), 'secret');
    for (const attempt of [
      '../secret.webp',
      'banners/../../secret.webp',
      '/etc/passwd',
      `${dataDir}/secret.webp`,
      'banners/not-a-uuid.webp',
      'banners\\..\\..\\secret.webp',
      '',
    ]) {
      expect(await store.read(attempt)).toBeNull();
    }
    expect(await store.read('banners/01900000-0000-7000-8000-000000000000.webp')).toBeNull();
  });

  it('refuses a namespace that could leave the uploads folder', async () => {
    const png = await picture(5, 5).png().toBuffer();
    await expect(store.save({ namespace: '../x', data: png, maxBytes: 10_000 })).rejects.toThrow(/namespace/);
  });
});
