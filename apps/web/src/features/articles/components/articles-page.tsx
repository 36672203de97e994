import { ArrowLeft, ArrowRight, Compass } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { RichText } from '../../../components/ui/accordion';
import { buttonClassName } from '../../../components/ui/button';
import { PageFrame, Panel } from '../../../components/ui/page-frame';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton, SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { dateTimeFormatOf } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import {
  ARTICLE_KINDS,
  ARTICLES_PAGE_SIZE,
  type ArticleDetail,
  type ArticleItem,
  type ArticleKind,
} from '../api/articles';
import { isMissingArticle, useArticle, useArticles } from '../hooks/use-articles';
import { ARTICLE_ICONS } from './article-icons';
import { ShareButton } from './share-button';

function PublishedOn({ at }: { at: string }) {
  const language = useLanguage();
  return (
    <time dateTime={at} className="text-xs text-muted tabular">
      {dateTimeFormatOf(language).format(new Date(at))}
    </time>
  );
}

function ArticleCard({ article, step }: { article: ArticleItem; step: number | null }) {
  return (
    <li>
      <Link
        to={`/${article.kind}/${article.slug}`}
        className="group flex h-full flex-col overflow-hidden rounded-lg border border-line bg-surface transition-colors hover:border-brand"
        data-testid="article-card"
      >
        {article.coverImageUrl ? (
          <img
            src={article.coverImageUrl}
            alt=""
            loading="lazy"
            className="aspect-[16/9] w-full object-cover"
          />
        ) : null}
        <div className="flex flex-1 flex-col gap-2 p-4">
          <div className="flex items-start gap-3">
            {step === null ? null : (
              <span className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-soft text-sm font-bold text-brand-strong tabular">
                {step}
              </span>
            )}
            <h2 className="min-w-0 flex-1 text-base font-semibold text-text group-hover:text-brand-strong">
              {article.title}
            </h2>
          </div>
          <p className="line-clamp-3 text-sm text-muted">{article.description}</p>
          {step === null ? (
            <div className="mt-auto pt-1">
              <PublishedOn at={article.publishedAt} />
            </div>
          ) : null}
        </div>
      </Link>
    </li>
  );
}

function CardsLoading() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
      {[0, 1, 2].map((index) => (
        <li key={index} className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4">
          <Skeleton className="aspect-[16/9] w-full" />
          <SkeletonLines lines={3} />
        </li>
      ))}
    </ul>
  );
}

/** A kind's live articles, a page at a time (?page=); the guide is numbered in its order. */
export function ArticleListPage({ kind }: { kind: ArticleKind }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const pageNo = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const query = useArticles(kind, pageNo);
  const title = t(`articles.${kind}.title`);
  const Icon = ARTICLE_ICONS[kind];
  useDocumentTitle(title);

  let content: ReactNode;
  if (query.isPending) content = <CardsLoading />;
  else if (query.isError)
    content = <ErrorState onRetry={() => void query.refetch()} className="rounded-lg border border-line" />;
  else if (query.data.list.length === 0)
    content = (
      <EmptyState
        icon={<Icon size={26} aria-hidden="true" />}
        title={t('articles.emptyTitle')}
        line={t(`articles.${kind}.empty`)}
        className="rounded-lg border border-line bg-surface"
      />
    );
  else {
    const firstStep = (pageNo - 1) * ARTICLES_PAGE_SIZE + 1;
    content = (
      <>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="article-list">
          {query.data.list.map((article, index) => (
            <ArticleCard
              key={article.id}
              article={article}
              step={kind === 'guide' ? firstStep + index : null}
            />
          ))}
        </ul>
        <Pagination
          current={pageNo}
          total={query.data.totalPages}
          onChange={(page) => setSearchParams(page === 1 ? {} : { page: String(page) })}
        />
      </>
    );
  }

  return (
    <PageFrame title={title} icon={Icon} testId={`articles-${kind}`}>
      <p className="-mt-2 text-sm text-muted">{t(`articles.${kind}.line`)}</p>
      {content}
    </PageFrame>
  );
}

export function NewsPage() {
  return <ArticleListPage kind="news" />;
}

export function BlogPage() {
  return <ArticleListPage kind="blog" />;
}

export function GuidePage() {
  return <ArticleListPage kind="guide" />;
}

function kindOfPath(pathname: string): ArticleKind {
  const segment = pathname.split('/')[1];
  return ARTICLE_KINDS.find((kind) => kind === segment) ?? 'news';
}

/** Names the browser tab after the page while it is shown (the server writes it for a first load). */
function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}

/** A guide step's way on: the step before and the one after, each by its title. */
function GuideSteps({ step }: { step: NonNullable<ArticleDetail['step']> }) {
  const { t } = useTranslation();
  const links = [
    { link: step.previous, label: t('articles.guide.previous'), isNext: false },
    { link: step.next, label: t('articles.guide.next'), isNext: true },
  ];
  return (
    <nav
      aria-label={t('articles.guide.title')}
      className="grid gap-3 sm:grid-cols-2"
      data-testid="guide-steps"
    >
      {links.map(({ link, label, isNext }) => {
        if (!link) return null;
        const Arrow = isNext ? ArrowRight : ArrowLeft;
        const arrow = <Arrow size={18} aria-hidden="true" className="shrink-0 text-brand-strong" />;
        const text = (
          <span className="flex min-w-0 flex-col">
            <span className="text-xs text-muted">{label}</span>
            <span className="font-semibold text-text">{link.title}</span>
          </span>
        );
        // The next step's title stays at the left on a phone, clear of the floating support button.
        return (
          <Link
            key={label}
            to={`/guide/${link.slug}`}
            className={`flex min-h-16 items-center gap-3 rounded-lg border border-line bg-surface p-4 transition-colors hover:border-brand ${isNext ? 'justify-between sm:col-start-2 sm:justify-end sm:text-right' : ''}`}
          >
            {isNext ? text : arrow}
            {isNext ? arrow : text}
          </Link>
        );
      })}
    </nav>
  );
}

/** One article at its shareable address (/news/<slug>, /blog/<slug>, /guide/<slug>). */
export function ArticlePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const kind = kindOfPath(pathname);
  const slug = useParams().slug ?? '';
  const query = useArticle(kind, slug);
  useDocumentTitle(query.data?.title);
  const backLink = (
    <Link to={`/${kind}`} className={buttonClassName('ghost', 'sm', 'w-fit')} data-testid="article-back">
      <ArrowLeft size={16} aria-hidden="true" />
      {t(`articles.${kind}.title`)}
    </Link>
  );

  if (query.isPending) {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4" aria-busy="true">
        {backLink}
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="aspect-[16/9] w-full" />
        <SkeletonLines lines={6} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
        {backLink}
        {isMissingArticle(query.error) ? (
          <EmptyState
            icon={<Compass size={26} aria-hidden="true" />}
            title={t('articles.missingTitle')}
            line={t('articles.missingLine')}
            className="rounded-lg border border-line bg-surface"
          />
        ) : (
          <ErrorState onRetry={() => void query.refetch()} className="rounded-lg border border-line" />
        )}
      </div>
    );
  }

  const article = query.data;
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-4" data-testid="article-page">
      {backLink}
      <header className="flex flex-col gap-3">
        {article.step ? (
          <p className="text-sm font-semibold text-brand-strong tabular" data-testid="guide-step">
            {t('articles.guide.step', { number: article.step.number, total: article.step.total })}
          </p>
        ) : null}
        <h1 className="text-2xl font-bold md:text-3xl" data-testid="article-title">
          {article.title}
        </h1>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <PublishedOn at={article.publishedAt} />
          <ShareButton title={article.title} url={article.url} />
        </div>
      </header>
      {article.coverImageUrl ? (
        <img src={article.coverImageUrl} alt="" className="aspect-[16/9] w-full rounded-lg object-cover" />
      ) : null}
      <Panel className="p-4 md:p-6">
        <RichText html={article.body} />
      </Panel>
      {article.step ? <GuideSteps step={article.step} /> : null}
    </article>
  );
}
