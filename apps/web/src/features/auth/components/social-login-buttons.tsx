import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { SocialProvider } from '../../../lib/api/system-types';
import { answerOfFailure, type FormAnswer } from '../../../lib/failure-answer';
import { useLanguage } from '../../../lib/i18n/i18n';
import { readAffiliateCodeFromUrl } from '../affiliate-code';
import { startSocialLogin } from '../api/social-login';

// Neutral text marks, not the providers' logos (DESIGN.md "Imagery").
const MARKS: Record<SocialProvider, { letter: string; className: string }> = {
  google: { letter: 'G', className: 'bg-text text-bg' },
  facebook: { letter: 'f', className: 'bg-brand text-on-brand' },
};

// Pages that only open the login or register form: coming back to them would open it again.
const FORM_PATHS = new Set(['/login', '/register']);

/** Where the provider sends the player back to: this page, or home instead of a form's own page. */
function returnPath(): string {
  const { pathname, search } = window.location;
  return `${FORM_PATHS.has(pathname) ? '/' : pathname}${search}`;
}

/**
 * "Continue with Google / Facebook" (spec §2 loginPopupModal): asks the server for the provider's
 * address and leaves for it; the provider sends the browser back to this page.
 */
export function SocialLoginButtons({
  providers,
  disabled,
  onAnswer,
}: {
  providers: SocialProvider[];
  disabled: boolean;
  onAnswer: (answer: FormAnswer | null) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [pending, setPending] = useState<SocialProvider | null>(null);

  async function continueWith(provider: SocialProvider) {
    onAnswer(null);
    setPending(provider);
    try {
      const affiliateCode = readAffiliateCodeFromUrl();
      const { url } = await startSocialLogin(
        {
          provider,
          returnTo: returnPath(),
          ...(affiliateCode ? { affiliateCode } : {}),
        },
        language,
      );
      window.location.assign(url);
    } catch (error) {
      setPending(null);
      onAnswer(answerOfFailure(error, t('auth.submitFailed')));
    }
  }

  return (
    <div className="flex flex-col gap-3" data-testid="social-login">
      <div className="flex items-center gap-3 text-xs text-muted">
        <span className="h-px flex-1 bg-line" />
        {t('auth.socialDivider')}
        <span className="h-px flex-1 bg-line" />
      </div>
      <div className="grid grid-cols-2 gap-2">
        {providers.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            disabled={disabled || pending !== null}
            aria-busy={pending === provider}
            onClick={() => continueWith(provider)}
            data-testid={`social-${provider}`}
            icon={
              <span
                aria-hidden="true"
                className={`grid size-5 place-items-center rounded-full text-xs font-bold ${MARKS[provider].className}`}
              >
                {MARKS[provider].letter}
              </span>
            }
          >
            {t(`auth.socialProviders.${provider}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}
