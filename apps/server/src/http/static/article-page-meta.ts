import type { FastifyRequest } from 'fastify';
import {
  ARTICLE_KINDS,
  type ArticleKind,
  type ArticleReader,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
} from '../../modules/content/article.service.ts';
import { merchantOriginOf, type ResolvedMerchant } from '../../modules/merchant/merchant.service.ts';

/** What the served page says about itself to link previews and search engines. */
export type PageMeta = {
  title: string;
  description: string;
  /** Absolute address of the page's picture, when it has one. */
  imageUrl: string | null;
  /** The page's own absolute address, on the merchant's configured origin. */
  url: string;
};

/** A page the server describes: its status and, for a page that exists, its meta tags. */
export type DescribedPage = { status: 200; meta: PageMeta } | { status: 404 };

/** Reads what a client route's page is about; null leaves the page as it is built. */
export type PageDescriber = (request: FastifyRequest, pathname: string) => Promise<DescribedPage | null>;

const ARTICLE_PATH_PATTERN = new RegExp(`^/(${ARTICLE_KINDS.join('|')})/([^/]{1,${SLUG_MAX_LENGTH * 3}})$`);
const SLUG_REGEXP = new RegExp(SLUG_PATTERN);
const LANGUAGE_PATTERN = /^[A-Za-z]{2}$/;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside an element or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** The tags that replace the page's own <title>: title, description, Open Graph and canonical. */
export function renderPageMeta(meta: PageMeta): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const url = escapeHtml(meta.url);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    '<meta property="og:type" content="article" />',
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    ...(meta.imageUrl ? [`<meta property="og:image" content="${escapeHtml(meta.imageUrl)}" />`] : []),
    `<link rel="canonical" href="${url}" />`,
  ];
  return tags.join('\n    ');
}

/**
 * An article's shareable address: the merchant's configured origin (never the request's Host or
 * X-Forwarded-*), its kind and slug, and `?lang=` when it is read in other than the default language.
 */
export function articleAddressOf(
  merchant: Pick<ResolvedMerchant, 'domainRoutes' | 'defaultLanguage'>,
  publicOrigin: string,
  article: { kind: ArticleKind; slug: string; language: string },
): string {
  const query = article.language === merchant.defaultLanguage ? '' : `?lang=${article.language}`;
  return `${merchantOriginOf(merchant, publicOrigin)}/${article.kind}/${article.slug}${query}`;
}

/** The built page with its <title> replaced by the meta tags (a function replacement: no `$` patterns). */
export function writePageMeta(html: string, meta: PageMeta): string {
  return html.replace(/<title>[^<]*<\/title>/, () => renderPageMeta(meta));
}

/**
 * Describes /news/<slug>, /blog/<slug> and /guide/<slug> for the page the server sends: the
 * article's title, description and cover in the language of the `lang` query (else the merchant's
 * default), and its address on the merchant's configured origin, never the request's Host or
 * X-Forwarded-* headers, which whoever sends the request chooses. An article that is not live, or
 * an address that cannot be a slug, is a 404.
 */
export function createArticlePageDescriber(deps: {
  articles: ArticleReader;
  publicOrigin: string;
}): PageDescriber {
  return async (request, pathname) => {
    const match = ARTICLE_PATH_PATTERN.exec(pathname);
    const merchant = request.merchant;
    if (!match || !merchant) return null;
    const kind = match[1] as ArticleKind;
    const slug = safeDecode(match[2] ?? '');
    if (slug === null || !SLUG_REGEXP.test(slug)) return { status: 404 };
    const asked = String((request.query as { lang?: unknown }).lang ?? '').toUpperCase();
    const language =
      LANGUAGE_PATTERN.test(asked) && merchant.languages.includes(asked) ? asked : merchant.defaultLanguage;
    const article = await deps.articles.findArticle(
      merchant.id,
      { slug, kind },
      { language, fallbackLanguage: merchant.defaultLanguage },
    );
    if (!article) return { status: 404 };
    const origin = merchantOriginOf(merchant, deps.publicOrigin);
    const cover = article.coverImageUrl;
    return {
      status: 200,
      meta: {
        title: `${article.title} | ${merchant.name}`,
        description: article.description,
        imageUrl: cover === null ? null : new URL(cover, origin).href,
        url: articleAddressOf(merchant, deps.publicOrigin, { kind, slug, language }),
      },
    };
  };
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
