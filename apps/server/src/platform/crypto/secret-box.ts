import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const VERSION = 'v1';

export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

/**
 * Seals small secrets kept in the database (a member's authenticator key) with AES-256-GCM under a
 * key derived from the server's own secret for one purpose: a leaked table alone reveals nothing.
 */
export function createSecretBox(appSecret: Buffer, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), `panalo:${purpose}`, KEY_BYTES));
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed) {
      const [version, ivText, bodyText] = sealed.split('.');
      if (version !== VERSION || !ivText || !bodyText) throw new Error('not a sealed secret');
      const body = Buffer.from(bodyText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(body.subarray(0, body.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
