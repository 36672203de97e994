import {
  AtSign,
  Camera,
  Link2,
  type LucideIcon,
  MessageCircle,
  Music,
  Send,
  ShieldCheck,
  SquarePlay,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../components/ui/logo';
import { useArticleKinds } from '../features/articles/hooks/use-articles';
import { LineDetectionButton } from '../features/system/components/line-detection-button';
import { useGameCategoryLinks } from '../lib/games/use-game-categories';
import { useModalStore } from '../lib/modal-store';
import { usePermission } from '../lib/system/system-hooks';

// Neutral marks for the social networks of spec §2 (no third-party logos, DESIGN.md imagery).
const socialIcons: Record<string, LucideIcon> = {
  youtube: SquarePlay,
  weibo: AtSign,
  tiktok: Music,
  facebook: Users,
  instagram: Camera,
  whatsapp: MessageCircle,
};

/** Help centre anchors shown when the operator has not configured HELP resources. */
const defaultHelpAnchors = ['about', 'term', 'privacy', 'responsible', 'faq'] as const;
const defaultHelpTitles: Record<(typeof defaultHelpAnchors)[number], { TY: string; EN: string }> = {
  about: { TY: 'Tungkol sa amin', EN: 'About us' },
  term: { TY: 'Kasunduan ng user', EN: 'User agreement' },
  privacy: { TY: 'Patakaran sa privacy', EN: 'Privacy policy' },
  responsible: { TY: 'Responsableng paglalaro', EN: 'Responsible gaming' },
  faq: { TY: 'Mga madalas itanong', EN: 'FAQ' },
};

/** A HELP resource url is a help-centre anchor ('term', '#term', '/help#term') or an address elsewhere. */
export function readHelpAnchor(url: string): string | null {
  if (/^[a-z][\w-]*$/i.test(url)) return url;
  const match = /^(?:\/help)?#([\w-]+)$/.exec(url);
  return match?.[1] ?? null;
}

function FooterHeading({ children }: { children: string }) {
  return <h2 className="mb-3 text-sm font-semibold text-text">{children}</h2>;
}

export function Footer() {
  const { t, i18n } = useTranslation();
  const permission = usePermission();
  const openModal = useModalStore((state) => state.openModal);
  const info = permission.data;
  const isEnglish = i18n.language === 'en';
  const helpResources = info?.resources.HELP ?? [];
  const helpEntries =
    helpResources.length > 0
      ? helpResources.map((resource) => ({
          id: resource.id,
          title: isEnglish ? resource.labelNameEn : resource.labelName,
          url: resource.url,
        }))
      : defaultHelpAnchors.map((anchor) => ({
          id: anchor,
          title: defaultHelpTitles[anchor][isEnglish ? 'EN' : 'TY'],
          url: anchor,
        }));
  const socials = info?.resources.SOCIAL ?? [];
  const telegrams = (info?.resources.TELEGRAM ?? []).slice(0, 2);
  const siteName = info?.siteName ?? 'Panalo';
  const categoryLinks = useGameCategoryLinks();
  const articleKinds = useArticleKinds();

  return (
    <footer className="mt-10 border-t border-line bg-surface" data-testid="footer">
      <div className="mx-auto grid max-w-[1440px] gap-8 px-4 py-8 md:grid-cols-2 md:px-6 xl:grid-cols-4">
        <div className="flex flex-col gap-3">
          <Logo siteName={siteName} imageUrl={info?.resources.LOGO?.[0]?.url} />
          {info?.description ? (
            <p className="text-sm whitespace-pre-line text-muted">{info.description}</p>
          ) : null}
        </div>

        {/* The categories that have games, as the header, the side menu and the lobby list them. */}
        {categoryLinks.length > 0 ? (
          <div>
            <FooterHeading>{t('common.gameTypes')}</FooterHeading>
            <ul className="grid grid-cols-2 gap-x-4">
              {categoryLinks.map(({ key, path }) => (
                <li key={key}>
                  <Link
                    to={path}
                    className="inline-flex min-h-9 items-center text-sm text-muted hover:text-text"
                  >
                    {t(`games.${key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <div>
          <FooterHeading>{t('footer.help')}</FooterHeading>
          <ul>
            {articleKinds.map((kind) => (
              <li key={kind}>
                <Link
                  to={`/${kind}`}
                  className="inline-flex min-h-9 items-center text-sm text-muted hover:text-text"
                >
                  {t(`articles.${kind}.title`)}
                </Link>
              </li>
            ))}
            {helpEntries.map((entry) => {
              const anchor = readHelpAnchor(entry.url);
              return (
                <li key={entry.id}>
                  {anchor ? (
                    <button
                      type="button"
                      onClick={() => openModal('helpModal', { anchor })}
                      className="inline-flex min-h-9 items-center text-left text-sm text-muted hover:text-text"
                    >
                      {entry.title}
                    </button>
                  ) : (
                    <a
                      href={entry.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex min-h-9 items-center text-sm text-muted hover:text-text"
                    >
                      {entry.title}
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        </div>

        {/* Followed accounts and Telegram contacts show only for a merchant that has them. */}
        {socials.length > 0 || telegrams.length > 0 ? (
          <div className="flex flex-col gap-5">
            {socials.length > 0 ? (
              <div>
                <FooterHeading>{t('footer.follow')}</FooterHeading>
                <ul className="flex flex-wrap gap-2">
                  {socials.map((social) => {
                    const Icon = socialIcons[social.icon ?? ''] ?? Link2;
                    const label = isEnglish ? social.labelNameEn : social.labelName;
                    return (
                      <li key={social.id}>
                        <a
                          href={social.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={label}
                          title={label}
                          className="grid size-11 place-items-center rounded-md bg-raised text-muted transition-colors hover:bg-raised-strong hover:text-text"
                        >
                          <Icon size={20} aria-hidden="true" />
                        </a>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ) : null}
            {telegrams.length > 0 ? (
              <div>
                <FooterHeading>{t('footer.telegramContacts')}</FooterHeading>
                <ul className="flex flex-col gap-1">
                  {telegrams.map((contact) => (
                    <li key={contact.id}>
                      <a
                        href={contact.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex min-h-9 items-center gap-2 text-sm text-muted hover:text-text"
                      >
                        <Send size={16} aria-hidden="true" className="text-brand-strong" />
                        {isEnglish ? contact.labelNameEn : contact.labelName}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>

      <div className="border-t border-line">
        <div className="mx-auto flex max-w-[1440px] flex-col gap-3 px-4 py-5 pb-24 text-xs text-muted md:flex-row md:items-center md:pr-20 md:pb-5 md:pl-6">
          <span className="inline-flex w-fit items-center gap-1.5 rounded-full border border-danger px-2.5 py-1 font-bold text-danger">
            <ShieldCheck size={14} aria-hidden="true" />
            {t('footer.adultOnly', { age: info?.minimumAge ?? 18 })}
          </span>
          <p className="flex-1">
            <button
              type="button"
              className="underline-offset-2 hover:text-text hover:underline"
              onClick={() => openModal('helpModal', { anchor: 'responsible' })}
            >
              {t('footer.responsible')}
            </button>
          </p>
          <LineDetectionButton className="w-fit" />
          <p>{t('footer.copyright', { year: new Date().getFullYear(), site: siteName })}</p>
        </div>
      </div>
    </footer>
  );
}
