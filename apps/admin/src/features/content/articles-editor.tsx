import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Check,
  CodeSelectField,
  emptyLocalized,
  Field,
  fieldErrorsOf,
  isoOrNull,
  LocalizedFields,
  TEXT_LANGUAGES,
  type TextLanguage,
  TitleFields,
  textOf,
  toLocalInput,
} from '../../components/editor-fields.tsx';
import { EditorForm, SortOrderField } from '../../components/ordered-list-editor.tsx';
import { EmptyState, ErrorState, Pager, SkeletonRows } from '../../components/query-state.tsx';
import { failureNotice, type Notice, RowActions, useImageUpload } from '../../components/row-editor.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { type BodyOf, backOffice, unwrap, type ValueOf } from '../../lib/back-office-api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { slugOf } from './article-slug.ts';

type Article = ValueOf<'/bo/articles'>['list'][number];
type ArticleInput = BodyOf<'/bo/articles/{id}', 'put'>;
type Kind = Article['kind'];
type Status = Article['status'];

const KINDS = ['news', 'blog', 'guide'] as const satisfies readonly Kind[];
const KIND_LABELS: Record<Kind, string> = { news: 'News', blog: 'Blog', guide: 'Beginner guide' };
const STATUSES = ['draft', 'scheduled', 'live', 'ended'] as const satisfies readonly Status[];
const STATUS_TONES: Record<Status, string> = {
  draft: 'badge',
  scheduled: 'badge badge--brand',
  live: 'badge badge--success',
  ended: 'badge',
};
const PAGE_SIZE = 20;
const ARTICLES_KEY = ['bo', 'articles'] as const;

type Props = { merchantId: string; canWrite: boolean; onNotice: (notice: Notice) => void };

/**
 * News, blog posts and the beginner guide: a page of them filtered by kind, status and a search,
 * and the form that writes one in TY and EN with its cover, slug and publish schedule, with a
 * preview of the page readers see.
 */
export function ArticlesEditor(props: Props) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind | ''>('');
  const [status, setStatus] = useState<Status | ''>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Article | 'new' | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const filters = { kind, status, search: search.trim(), page };
  const list = useQuery({
    queryKey: [...ARTICLES_KEY, props.merchantId, filters],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/articles', {
          params: {
            query: {
              merchantId: props.merchantId,
              page,
              pageSize: PAGE_SIZE,
              ...(kind ? { kind } : {}),
              ...(status ? { status } : {}),
              ...(filters.search ? { search: filters.search } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: props.merchantId !== '',
  });
  const change = useMutation({
    mutationFn: (input: { id?: string; body?: ArticleInput; remove?: boolean }): Promise<unknown> => {
      if (input.remove && input.id)
        return unwrap(backOffice.DELETE('/bo/articles/{id}', { params: { path: { id: input.id } } }));
      const body = input.body as ArticleInput;
      return unwrap(
        input.id
          ? backOffice.PUT('/bo/articles/{id}', { params: { path: { id: input.id } }, body })
          : backOffice.POST('/bo/articles', { body: { ...body, merchantId: props.merchantId } }),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ARTICLES_KEY }),
  });

  function open(row: Article | 'new') {
    setErrors({});
    props.onNotice(null);
    setEditing(row);
  }

  async function save(body: ArticleInput) {
    const isNew = editing === 'new' || editing === null;
    props.onNotice(null);
    try {
      await change.mutateAsync(isNew ? { body } : { id: editing.id, body });
      props.onNotice({ tone: 'success', title: isNew ? 'Article added.' : 'Article saved.' });
      setErrors({});
      setEditing(null);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      props.onNotice(failureNotice(error));
    }
  }

  async function remove(row: Article) {
    props.onNotice(null);
    try {
      await change.mutateAsync({ id: row.id, remove: true });
      props.onNotice({ tone: 'success', title: 'Article removed.' });
    } catch (error) {
      props.onNotice(failureNotice(error));
    }
  }

  const filterChange =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <>
      <div className="toolbar">
        <select
          aria-label="Kind"
          value={kind}
          onChange={(event) => filterChange(setKind)(event.target.value as Kind | '')}
        >
          <option value="">All kinds</option>
          {KINDS.map((code) => (
            <option key={code} value={code}>
              {KIND_LABELS[code]}
            </option>
          ))}
        </select>
        <select
          aria-label="Status"
          value={status}
          onChange={(event) => filterChange(setStatus)(event.target.value as Status | '')}
        >
          <option value="">Any status</option>
          {STATUSES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
        <SearchBox
          label="Search articles"
          placeholder="Slug or title"
          value={search}
          maxLength={100}
          onChange={filterChange(setSearch)}
        />
        {props.canWrite && editing === null && (
          <button className="button button--primary" type="button" onClick={() => open('new')}>
            New article
          </button>
        )}
      </div>
      {editing !== null && (
        <ArticleForm
          key={editing === 'new' ? 'new' : editing.id}
          merchantId={props.merchantId}
          initial={editing === 'new' ? null : editing}
          canWrite={props.canWrite}
          errors={errors}
          isSaving={change.isPending}
          onCancel={() => {
            setErrors({});
            setEditing(null);
          }}
          onNotice={props.onNotice}
          onSubmit={(body) => void save(body)}
        />
      )}
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <div className="table-wrap">
          <table className="table">
            <tbody>
              <SkeletonRows columns={6} />
            </tbody>
          </table>
        </div>
      ) : list.data.list.length === 0 ? (
        <EmptyState
          title={
            kind || status || filters.search
              ? 'No article matches these filters.'
              : 'No articles yet. News, blog posts and guide steps appear on the site once published.'
          }
        />
      ) : (
        <>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th>Title</th>
                  <th>Kind</th>
                  <th>Slug</th>
                  <th>Status</th>
                  <th>Published from</th>
                  <th>Until</th>
                  <th>Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.data.list.map((article) => (
                  <tr key={article.id} data-testid="article-row">
                    <td>{textOf(article.title)}</td>
                    <td>{KIND_LABELS[article.kind]}</td>
                    <td className="mono small">{article.slug}</td>
                    <td>
                      <span className={STATUS_TONES[article.status]}>{article.status}</span>
                    </td>
                    <td className="small nowrap">{formatDateTime(article.publishAt)}</td>
                    <td className="small nowrap">
                      {article.unpublishAt ? formatDateTime(article.unpublishAt) : '—'}
                    </td>
                    <td>
                      <span className="row-actions">
                        {props.canWrite ? (
                          <RowActions
                            label={`article ${textOf(article.title)}`}
                            onEdit={() => open(article)}
                            onRemove={() => void remove(article)}
                          />
                        ) : (
                          <button
                            className="button button--quiet button--small"
                            type="button"
                            onClick={() => open(article)}
                          >
                            Open
                          </button>
                        )}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} totalPages={list.data.totalPages} total={list.data.total} onPage={setPage} />
        </>
      )}
    </>
  );
}

function ArticleForm(props: {
  merchantId: string;
  initial: Article | null;
  canWrite: boolean;
  errors: Record<string, string>;
  isSaving: boolean;
  onCancel: () => void;
  onNotice: (notice: Notice) => void;
  onSubmit: (body: ArticleInput) => void;
}) {
  const { initial, errors } = props;
  const [kind, setKind] = useState<Kind>(initial?.kind ?? 'news');
  const [slug, setSlug] = useState(initial?.slug ?? '');
  const [isSlugTouched, setSlugTouched] = useState(initial !== null);
  const [title, setTitle] = useState({ ...emptyLocalized(), ...initial?.title });
  const [description, setDescription] = useState({ ...emptyLocalized(), ...initial?.description });
  const [body, setBody] = useState({ ...emptyLocalized(), ...initial?.body });
  const [coverImageUrl, setCoverImageUrl] = useState(initial?.coverImageUrl ?? '');
  const [published, setPublished] = useState(initial?.published ?? false);
  const [publishAt, setPublishAt] = useState(toLocalInput(initial?.publishAt ?? null));
  const [unpublishAt, setUnpublishAt] = useState(toLocalInput(initial?.unpublishAt ?? null));
  const [sortOrder, setSortOrder] = useState(initial?.sortOrder ?? 0);
  const { isUploading, upload } = useImageUpload({
    route: '/bo/images',
    merchantId: props.merchantId,
    onNotice: props.onNotice,
    onUploaded: setCoverImageUrl,
  });

  function changeTitle(next: Record<string, string>) {
    setTitle(next);
    // A new article's slug follows its English (else Tagalog) title until the operator edits it.
    if (!isSlugTouched) setSlug(slugOf(next.EN || next.TY || ''));
  }

  return (
    <EditorForm
      noun="article"
      isNew={initial === null}
      isSubmitDisabled={!props.canWrite || isUploading || props.isSaving}
      onCancel={props.onCancel}
      onSubmit={() =>
        props.onSubmit({
          kind,
          slug,
          title,
          description,
          body,
          coverImageUrl: coverImageUrl || null,
          published,
          publishAt: isoOrNull(publishAt),
          unpublishAt: isoOrNull(unpublishAt),
          sortOrder,
        })
      }
    >
      <div className="field-row">
        <CodeSelectField
          label="Kind"
          name="kind"
          errors={errors}
          value={kind}
          codes={KINDS}
          onChange={setKind}
        />
        <Field label="Slug (its address: /news/slug; a-z, 0-9 and -)" name="slug" errors={errors}>
          <input
            required
            maxLength={80}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            placeholder="grand-opening"
            value={slug}
            onChange={(event) => {
              setSlugTouched(true);
              setSlug(event.target.value);
            }}
          />
        </Field>
        <SortOrderField value={sortOrder} onChange={setSortOrder} errors={errors} />
      </div>
      <div className="field-row">
        <Check isOn={published} onChange={setPublished}>
          Published (readers see it from its start until it is taken down)
        </Check>
        <Field label="Published from (empty: now)" name="publishAt" errors={errors}>
          <input
            type="datetime-local"
            value={publishAt}
            onChange={(event) => setPublishAt(event.target.value)}
          />
        </Field>
        <Field label="Taken down at (empty: stays up)" name="unpublishAt" errors={errors}>
          <input
            type="datetime-local"
            value={unpublishAt}
            onChange={(event) => setUnpublishAt(event.target.value)}
          />
        </Field>
      </div>
      <TitleFields value={title} onChange={changeTitle} errors={errors} />
      <LocalizedFields
        label="Description (lists and link previews)"
        name="description"
        value={description}
        onChange={setDescription}
        errors={errors}
        maxLength={300}
      />
      <div className="field-row">
        <Field label="Cover image (PNG, JPEG or WebP, at most 2 MB)" name="coverImageUrl" errors={errors}>
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={(event) => void upload(event.target.files?.[0])}
          />
        </Field>
        {isUploading && <span className="muted">Uploading…</span>}
        {coverImageUrl && (
          <>
            <img src={coverImageUrl} alt="Cover" className="editor-preview" data-testid="uploaded-image" />
            <button
              className="button button--quiet button--small"
              type="button"
              onClick={() => setCoverImageUrl('')}
            >
              Remove cover
            </button>
          </>
        )}
      </div>
      <LocalizedFields
        label="Body"
        name="body"
        value={body}
        onChange={setBody}
        errors={errors}
        maxLength={50_000}
        isHtml
      />
      <ArticlePreview title={title} description={description} body={body} coverImageUrl={coverImageUrl} />
    </EditorForm>
  );
}

/** Elements a preview never shows: code, styles, frames, forms and what changes the page's head. */
const PREVIEW_DROPPED = 'script,style,iframe,object,embed,form,base,meta,link,template,noscript';

/**
 * The operator's HTML as an inert fragment for the preview: parsed without running anything, with
 * code, event attributes and script addresses taken out. The page's policy (no inline script, no
 * event attributes) stands behind this; the server's sanitiser decides what is stored.
 */
export function previewHtmlOf(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const element of document.body.querySelectorAll(PREVIEW_DROPPED)) element.remove();
  for (const element of document.body.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      const isScriptAddress = /^\s*(javascript|vbscript|data):/i.test(attribute.value);
      if (attribute.name.startsWith('on') || attribute.name === 'style' || isScriptAddress)
        element.removeAttribute(attribute.name);
    }
  }
  return document.body.innerHTML;
}

/** The article as readers will see it, in one language at a time. */
function ArticlePreview(props: {
  title: Record<string, string>;
  description: Record<string, string>;
  body: Record<string, string>;
  coverImageUrl: string;
}) {
  const [language, setLanguage] = useState<TextLanguage>('TY');
  const pick = (text: Record<string, string>) => text[language] || textOf(text);
  return (
    <section className="article-preview" aria-label="Preview" data-testid="article-preview">
      <div className="localized__tabs" role="tablist" aria-label="Preview language">
        <span className="field__label">Preview</span>
        {TEXT_LANGUAGES.map(([code]) => (
          <button
            key={code}
            type="button"
            role="tab"
            aria-selected={language === code}
            className={`button button--small ${language === code ? 'button--primary' : 'button--quiet'}`}
            onClick={() => setLanguage(code)}
          >
            {code}
          </button>
        ))}
      </div>
      <div className="panel article-preview__page">
        <h3>{pick(props.title) || <span className="muted">No title yet</span>}</h3>
        <p className="muted">{pick(props.description)}</p>
        {props.coverImageUrl && <img src={props.coverImageUrl} alt="" className="article-preview__cover" />}
        <div
          className="article-preview__body"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: previewHtmlOf leaves no code, and the page's policy runs none.
          dangerouslySetInnerHTML={{ __html: previewHtmlOf(pick(props.body)) }}
        />
      </div>
    </section>
  );
}
