import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { hashToken } from '../../platform/crypto/token-hash.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { hasAppInstall, insertAppInstall, spendAppInstall } from './app-install.repository.ts';

/** Install tokens start with this, so that one is told from another kind of token at a glance. */
export const APP_INSTALL_TOKEN_PREFIX = 'ai1.';
export const APP_INSTALL_TOKEN_LENGTH_MAX = 100;
/** A token not spent within this long is refused: the app is installed again, with a new one. */
export const APP_INSTALL_TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000;

const MEMBER_INSTALL_KEY = 'app_installs_member_key';

export type AppInstallService = ReturnType<typeof createAppInstallService>;

/**
 * The lite app's installs (docs/lite-app.md "The app-download bonus"): the install token the app's
 * service worker asks for and keeps, and its spending on the first member who logs in from the
 * installed app. The app-download promotion asks for a member with an install on record.
 */
export function createAppInstallService(deps: ServiceDeps) {
  const { db } = deps;
  const now = clockOf(deps);

  return {
    /** A new install token for the merchant's app; only its hash is kept. */
    async issue(merchantId: string, input: { deviceId: string | null }): Promise<{ token: string }> {
      const token = `${APP_INSTALL_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      await insertAppInstall(db, {
        id: uuidv7(),
        merchant_id: merchantId,
        token_hash: hashToken(token),
        issued_at: now(),
        device_id: input.deviceId,
      });
      return { token };
    },

    /**
     * The installed app's first login: spends the token on the member unless it is unknown, of
     * another merchant, expired or spent, or the member has an install on record already. Answers
     * whether the member has an install on record now.
     */
    async launch(
      merchantId: string,
      memberId: string,
      input: { token: string; deviceId: string | null },
    ): Promise<{ linked: boolean }> {
      const { token } = input;
      if (token.startsWith(APP_INSTALL_TOKEN_PREFIX) && token.length <= APP_INSTALL_TOKEN_LENGTH_MAX) {
        const at = now();
        try {
          const spent = await spendAppInstall(db, {
            merchantId,
            tokenHash: hashToken(token),
            memberId,
            issuedAfter: new Date(at.getTime() - APP_INSTALL_TOKEN_TTL_MS),
            at,
            deviceId: input.deviceId,
          });
          if (spent) return { linked: true };
        } catch (error) {
          // The member's other token was spent at the same moment: their install is on record.
          if (!isUniqueViolation(error, MEMBER_INSTALL_KEY)) throw error;
        }
      }
      return { linked: await hasAppInstall(db, memberId) };
    },

    hasInstall: (memberId: string) => hasAppInstall(db, memberId),
  };
}
