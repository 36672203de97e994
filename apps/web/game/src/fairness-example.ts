// The worked example of the provably-fair help text (GAMES.md "The fairness protocol"), written
// out so that a player can redo it by hand with any SHA-256 and HMAC tool. The figures are the
// engine's own: fairness-example.test.ts computes each of them with packages/games and fails if
// one differs, so the help text cannot drift from the protocol.
export const FAIRNESS_EXAMPLE = {
  serverSeed: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  clientSeed: 'lucky',
  nonce: '7',
  /** The HMAC message of block 0: "<client seed>:<nonce>:<cursor>". */
  message: 'lucky:7:0',
  /** SHA-256 of the server seed's 64 characters as text (commitment version 2). */
  commitment: 'a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e',
  /** HMAC-SHA256(key = the server seed's text, message), as hex. */
  block: 'e5da3e012718c79bc9ab987abdbb0851e1ca6f19d5f2fe162a8e0eb354129f50',
  /** The block's first 4 bytes, as 8 hex digits and as a big-endian whole number. */
  word: 'e5da3e01',
  u: '3856285185',
  /** 2^32 − (2^32 mod 10000): words from here up are skipped. */
  limit: '4294960000',
  number: '5185',
  roll: '51.85',
} as const;
