import { createHmac } from 'node:crypto';
import { CAPTCHA_ALPHABET } from '../../src/modules/captcha/captcha-image.ts';
import type { TestApp } from './test-app.ts';

/** The answer of a browser's current captcha, found the way an attacker could not: with the server's secret. */
export async function solveCaptcha(testApp: TestApp, captchaId: string): Promise<string> {
  const row = await testApp.database.db
    .selectFrom('captcha_challenges')
    .select('answer_hash')
    .where('id', '=', captchaId)
    .executeTakeFirstOrThrow();
  for (const a of CAPTCHA_ALPHABET)
    for (const b of CAPTCHA_ALPHABET)
      for (const c of CAPTCHA_ALPHABET)
        for (const d of CAPTCHA_ALPHABET) {
          const answer = `${a}${b}${c}${d}`;
          const hash = createHmac('sha256', testApp.config.appSecret)
            .update(`captcha:${captchaId}:${answer}`)
            .digest('hex');
          if (hash === row.answer_hash) return answer;
        }
  throw new Error('captcha not solvable');
}
