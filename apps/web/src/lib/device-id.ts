import { readStorage, storageKeys, writeStorage } from './storage-keys';

/** What the server accepts in X-Device-Id; anything else it ignores. */
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** 128 random bits: 22 base64url characters. */
const DEVICE_ID_BYTES = 16;

let deviceId: string | null = null;

/** A new random device id, base64url without padding. */
export function createDeviceId(): string {
  const bytes = new Uint8Array(DEVICE_ID_BYTES);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * This browser's device id, sent as X-Device-Id on every call: made once and kept in local
 * storage (the privacy notice names it). The server counts new accounts per device with it, on
 * top of the count per address; it is weak by nature (a script leaves it out or changes it), so it
 * never decides alone. Where storage is disabled it lasts as long as the page.
 */
export function readDeviceId(): string {
  if (deviceId) return deviceId;
  const stored = readStorage('local', storageKeys.deviceId);
  deviceId = stored && DEVICE_ID_PATTERN.test(stored) ? stored : createDeviceId();
  if (deviceId !== stored) writeStorage('local', storageKeys.deviceId, deviceId);
  return deviceId;
}
