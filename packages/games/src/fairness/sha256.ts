// SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104), written out in plain TypeScript so that the
// same synchronous code draws outcomes on the server and re-computes them in the browser, where
// Web Crypto is asynchronous only. The HMAC key is fixed for a whole round (the server seed), so
// its padded inner and outer states are computed once; a block of the byte stream then costs two
// compressions (three for messages over 55 bytes), done on 32-bit words without byte copies.

// Int32Array rather than Uint32Array throughout: words above 2^31 would otherwise be read back as
// heap numbers instead of small integers, which makes the compression several times slower.
const ROUND_CONSTANTS = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const INITIAL_STATE = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

const BLOCK_BYTES = 64;
const DIGEST_BYTES = 32;

// Scratch space, reused by every call: the code is single-threaded and never re-enters itself.
const schedule = new Int32Array(64);
const blockWords = new Int32Array(16);

/** Compresses the 16 words of `block` into `state` (8 words, updated in place). */
function compress(state: Int32Array, block: Int32Array): void {
  const w = schedule;
  for (let index = 0; index < 16; index += 1) w[index] = block[index]!;
  for (let index = 16; index < 64; index += 1) {
    const before15 = w[index - 15]!;
    const before2 = w[index - 2]!;
    const sigma0 =
      ((before15 >>> 7) | (before15 << 25)) ^ ((before15 >>> 18) | (before15 << 14)) ^ (before15 >>> 3);
    const sigma1 =
      ((before2 >>> 17) | (before2 << 15)) ^ ((before2 >>> 19) | (before2 << 13)) ^ (before2 >>> 10);
    w[index] = (w[index - 16]! + sigma0 + w[index - 7]! + sigma1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let index = 0; index < 64; index += 1) {
    const sum1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const choice = (e & f) ^ (~e & g);
    const temporary1 = (h + sum1 + choice + ROUND_CONSTANTS[index]! + w[index]!) | 0;
    const sum0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const majority = (a & b) ^ (a & c) ^ (b & c);
    h = g;
    g = f;
    f = e;
    e = (d + temporary1) | 0;
    d = c;
    c = b;
    b = a;
    a = (temporary1 + sum0 + majority) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/**
 * Hashes the first `length` bytes of `message`, starting from `initial`, which has already
 * absorbed `absorbedBytes` bytes (a multiple of 64), and leaves the digest's 8 words in `output`.
 */
function hashBytes(
  initial: Int32Array,
  absorbedBytes: number,
  message: Uint8Array,
  length: number,
  output: Int32Array,
): void {
  output.set(initial);
  const totalBits = (absorbedBytes + length) * 8;
  // Padding: a 1 bit, zeros, and the 64-bit length, to a whole number of blocks.
  const paddedBytes = Math.ceil((length + 9) / BLOCK_BYTES) * BLOCK_BYTES;
  for (let offset = 0; offset < paddedBytes; offset += BLOCK_BYTES) {
    for (let word = 0; word < 16; word += 1) {
      const start = offset + word * 4;
      if (start + 3 < length) {
        blockWords[word] =
          (message[start]! << 24) |
          (message[start + 1]! << 16) |
          (message[start + 2]! << 8) |
          message[start + 3]!;
        continue;
      }
      let value = 0;
      for (let at = start; at < start + 4; at += 1)
        value = (value << 8) | (at < length ? message[at]! : at === length ? 0x80 : 0);
      blockWords[word] = value;
    }
    if (offset + BLOCK_BYTES === paddedBytes) {
      // Messages here are far below 2^32 bytes, but the length field is 64 bits wide.
      blockWords[14] = Math.floor(totalBits / 0x1_0000_0000);
      blockWords[15] = totalBits | 0;
    }
    compress(output, blockWords);
  }
}

function wordsToBytes<Bytes extends Uint8Array>(words: Int32Array, bytes: Bytes): Bytes {
  for (let index = 0; index < 8; index += 1) {
    const word = words[index]!;
    bytes[index * 4] = word >>> 24;
    bytes[index * 4 + 1] = word >>> 16;
    bytes[index * 4 + 2] = word >>> 8;
    bytes[index * 4 + 3] = word;
  }
  return bytes;
}

/** SHA-256 of `message`. */
export function sha256(message: Uint8Array): Uint8Array<ArrayBuffer> {
  const words = new Int32Array(8);
  hashBytes(INITIAL_STATE, 0, message, message.length, words);
  return wordsToBytes(words, new Uint8Array(DIGEST_BYTES));
}

export type HmacSha256 = {
  /** Writes HMAC_SHA256(key, message) to `output` (32 bytes) and returns it. */
  digest(message: Uint8Array, output?: Uint8Array): Uint8Array;
  /**
   * HMAC_SHA256(key, the first `length` bytes of `message`) as 8 big-endian words in `output`,
   * for callers that read the digest as words anyway: no byte conversion, no allocation.
   */
  digestWords(message: Uint8Array, length: number, output: Int32Array): void;
};

/** HMAC-SHA256 with a fixed key, its inner and outer pads absorbed once. */
export function createHmacSha256(key: Uint8Array): HmacSha256 {
  const keyBlock = new Uint8Array(BLOCK_BYTES);
  keyBlock.set(key.length > BLOCK_BYTES ? sha256(key) : key);
  const padWords = (pad: number) => {
    const words = new Int32Array(16);
    for (let word = 0; word < 16; word += 1) {
      let value = 0;
      for (let byte = 0; byte < 4; byte += 1) value = (value << 8) | (keyBlock[word * 4 + byte]! ^ pad);
      words[word] = value;
    }
    return words;
  };
  const innerState = INITIAL_STATE.slice();
  compress(innerState, padWords(0x36));
  const outerState = INITIAL_STATE.slice();
  compress(outerState, padWords(0x5c));
  const innerDigest = new Int32Array(8);
  // The outer message is always the 32-byte inner digest: one block whose padding never changes.
  const outerBlock = new Int32Array(16);
  outerBlock[8] = 0x80000000 | 0;
  outerBlock[15] = (BLOCK_BYTES + DIGEST_BYTES) * 8;

  function digestWords(message: Uint8Array, length: number, output: Int32Array): void {
    hashBytes(innerState, BLOCK_BYTES, message, length, innerDigest);
    outerBlock.set(innerDigest);
    output.set(outerState);
    compress(output, outerBlock);
  }

  return {
    digestWords,
    digest(message, output = new Uint8Array(DIGEST_BYTES)) {
      const words = new Int32Array(8);
      digestWords(message, message.length, words);
      return wordsToBytes(words, output);
    },
  };
}

/** Lowercase hex of `bytes`. */
export function toHex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return text;
}
