import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '../errors/errors.ts';

/**
 * Uploaded images (banners, licence logos, QR codes …): checked by their content, never by a file
 * name or a client's Content-Type, stripped of metadata (EXIF can carry the uploader's location)
 * and re-encoded to WebP, so that what players download is always an image we produced.
 *
 * Files live under `<dataDir>/uploads/<namespace>/<uuidv7>.webp`; callers keep the relative path
 * (`<namespace>/<uuidv7>.webp`) and read it back through `read`.
 */
export type ImageStore = {
  save(input: SaveImageInput): Promise<StoredImage>;
  /** The stored bytes, or null when the path is unknown or points outside the uploads folder. */
  read(relativePath: string): Promise<Buffer | null>;
};

export type SaveImageInput = {
  /** A folder per use (`banners`, `licences`); lowercase letters, digits and dashes. */
  namespace: string;
  data: Buffer;
  /** Larger uploads answer 413 PAYLOAD_TOO_LARGE. */
  maxBytes: number;
  /** Width × height above this answers 422 VALIDATION; DEFAULT_MAX_PIXELS when omitted. */
  maxPixels?: number;
};

export type StoredImage = {
  /** Relative to the uploads folder: `<namespace>/<uuidv7>.webp`. */
  path: string;
  width: number;
  height: number;
  bytes: number;
  contentType: 'image/webp';
};

/** 25 megapixels: a 5000 × 5000 banner is already far larger than any screen shows. */
export const DEFAULT_MAX_PIXELS = 25_000_000;
const UPLOADS_FOLDER = 'uploads';
const NAMESPACE_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;
const STORED_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}\/[0-9a-f-]{36}\.webp$/;
const WEBP_QUALITY = 85;

type SourceFormat = 'png' | 'jpeg' | 'webp';

/** Creates the image store over `<dataDir>/uploads`. */
export function createImageStore(options: { dataDir: string }): ImageStore {
  const uploadsRoot = path.resolve(options.dataDir, UPLOADS_FOLDER);

  return {
    async save(input) {
      if (!NAMESPACE_PATTERN.test(input.namespace)) {
        throw new Error(`image namespace must match ${NAMESPACE_PATTERN}: ${input.namespace}`);
      }
      if (input.data.length > input.maxBytes) {
        throw new AppError('PAYLOAD_TOO_LARGE', { value: { maxBytes: input.maxBytes } });
      }
      const claimed = sniffFormat(input.data);
      if (!claimed) throw invalidImage('type');
      const maxPixels = input.maxPixels ?? DEFAULT_MAX_PIXELS;

      let metadata: sharp.Metadata;
      try {
        metadata = await sharp(input.data, { limitInputPixels: false }).metadata();
      } catch (cause) {
        throw invalidImage('unreadable', cause);
      }
      // The header must agree with the magic bytes: a PNG signature in front of JPEG data is a
      // crafted file, not an upload mistake.
      if (metadata.format !== claimed) throw invalidImage('type');
      const width = metadata.width ?? 0;
      const height = metadata.height ?? 0;
      if (width <= 0 || height <= 0) throw invalidImage('unreadable');
      if (width * height > maxPixels) {
        throw new AppError('VALIDATION', { value: { fields: { file: 'tooManyPixels' }, maxPixels } });
      }

      let encoded: { data: Buffer; info: sharp.OutputInfo };
      try {
        // A full decode proves the data is an image and not just a valid header. rotate() applies
        // the EXIF orientation before the metadata (EXIF included) is dropped; sharp writes no
        // metadata unless asked to. failOn 'error' refuses truncated or corrupt pixel data.
        encoded = await sharp(input.data, { limitInputPixels: maxPixels, failOn: 'error' })
          .rotate()
          .webp({ quality: WEBP_QUALITY })
          .toBuffer({ resolveWithObject: true });
      } catch (cause) {
        throw invalidImage('unreadable', cause);
      }

      const relativePath = `${input.namespace}/${uuidv7()}.webp`;
      const target = path.join(uploadsRoot, relativePath);
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside the target and renamed, so that a reader never sees half a file.
      const partial = `${target}.partial`;
      await writeFile(partial, encoded.data, { flag: 'wx' });
      await rename(partial, target);
      return {
        path: relativePath,
        width: encoded.info.width,
        height: encoded.info.height,
        bytes: encoded.data.length,
        contentType: 'image/webp',
      };
    },

    async read(relativePath) {
      if (!STORED_NAME_PATTERN.test(relativePath)) return null;
      const resolved = path.resolve(uploadsRoot, relativePath);
      const inside = path.relative(uploadsRoot, resolved);
      if (inside.startsWith('..') || path.isAbsolute(inside)) return null;
      try {
        return await readFile(resolved);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

/** The format the first bytes announce, or null for anything that is not PNG, JPEG or WebP. */
function sniffFormat(data: Buffer): SourceFormat | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (
    data.length >= 12 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function invalidImage(reason: 'type' | 'unreadable', cause?: unknown): AppError {
  return new AppError('VALIDATION', {
    value: { fields: { file: reason === 'type' ? 'notAnImage' : 'unreadableImage' } },
    ...(cause === undefined ? {} : { cause }),
  });
}
