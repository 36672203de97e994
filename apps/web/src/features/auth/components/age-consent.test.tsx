import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagalog, renderMarkup } from '../../../components/render-markup.test-support';
import { en } from '../../../lib/i18n/locales/en';
import { AgeConsent } from './register-modal';

beforeAll(loadTagalog);

const consent = { checked: false, onCheckedChange: () => {}, error: null };

describe('the register form’s age confirmation', () => {
  it('states the merchant’s minimum age rather than a fixed 18', () => {
    const html = renderMarkup(<AgeConsent {...consent} minimumAge={21} />);
    expect(html).toContain('Ako ay hindi bababa sa 21 taong gulang.');
    expect(html).toContain('data-testid="register-age"');
    expect(renderMarkup(<AgeConsent {...consent} minimumAge={18} />)).toContain(
      'Ako ay hindi bababa sa 18 taong gulang.',
    );
  });

  it('reads the same in English', async () => {
    const english = i18next.createInstance();
    await english.init({ lng: 'en', resources: { en: { translation: en } } });
    expect(english.t('auth.confirmAge', { age: 21 })).toBe('I am at least 21 years old.');
    expect(english.t('auth.ageRequired', { age: 21 })).toBe('Please confirm you are at least 21 years old');
  });
});
