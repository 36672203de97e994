import { useState } from 'react';
import {
  emptyLocalized,
  Field,
  LocalizedFields,
  TitleFields,
  textOf,
} from '../../components/editor-fields.tsx';
import {
  EditorForm,
  type ListColumn,
  RowTable,
  SortOrderField,
} from '../../components/ordered-list-editor.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../components/query-state.tsx';
import { type Notice, RowActions, type RowFormProps, useRowEditor } from '../../components/row-editor.tsx';
import type { HelpArticle, HelpArticleInput, HelpCategory, HelpCategoryInput } from './content-api.ts';

type Props = { merchantId: string; canWrite: boolean; onNotice: (notice: Notice) => void };

const ARTICLE_COLUMNS: ListColumn<HelpArticle>[] = [
  { header: 'Order', isNumber: true, cell: (article) => article.sortOrder },
  { header: 'Title (TY)', cell: (article) => article.title.TY ?? <span className="muted">—</span> },
  { header: 'Title (EN)', cell: (article) => article.title.EN ?? <span className="muted">—</span> },
  { header: 'Anchor', cellClassName: 'mono small', cell: (article) => `#${article.anchor}` },
];

/**
 * The help centre players open from the footer and the help modal: categories (tabs there) and
 * their articles (accordion items), each in TY and EN. Removing a category removes its articles.
 */
export function HelpCentreEditor(props: Props) {
  const categories = useRowEditor<HelpCategory>({
    segment: 'help-categories',
    noun: 'Category',
    alsoRefresh: ['help-articles'],
    ...props,
  });
  const articles = useRowEditor<HelpArticle>({ segment: 'help-articles', noun: 'Article', ...props });
  const [newArticleCategory, setNewArticleCategory] = useState<string | null>(null);
  const isEditing = categories.editing !== null || articles.editing !== null;

  if (categories.list.isError) {
    return <ErrorState error={categories.list.error} onRetry={() => void categories.list.refetch()} />;
  }
  if (articles.list.isError) {
    return <ErrorState error={articles.list.error} onRetry={() => void articles.list.refetch()} />;
  }
  const categoryList = categories.list.data ?? [];
  const articleList = articles.list.data ?? [];

  return (
    <>
      {props.canWrite && !isEditing && (
        <div className="toolbar">
          <button className="button button--primary" type="button" onClick={() => categories.open('new')}>
            New category
          </button>
        </div>
      )}
      {categories.editing !== null && (
        <CategoryForm
          key={categories.editing === 'new' ? 'new' : categories.editing.id}
          {...categories.formPropsOf(categories.editing === 'new' ? null : categories.editing)}
        />
      )}
      {articles.editing !== null && (
        <ArticleForm
          key={articles.editing === 'new' ? `new-${newArticleCategory}` : articles.editing.id}
          {...articles.formPropsOf(articles.editing === 'new' ? null : articles.editing)}
          categories={categoryList}
          categoryId={articles.editing === 'new' ? (newArticleCategory ?? '') : articles.editing.categoryId}
        />
      )}
      {categories.list.isPending || articles.list.isPending ? (
        <div className="table-wrap">
          <table className="table">
            <tbody>
              <SkeletonRows columns={4} />
            </tbody>
          </table>
        </div>
      ) : categoryList.length === 0 ? (
        <EmptyState title="The help centre is empty. Add a category, then its articles." />
      ) : (
        <div className="help-groups">
          {categoryList.map((category) => {
            const own = articleList.filter((article) => article.categoryId === category.id);
            return (
              <section
                key={category.id}
                className="panel"
                aria-label={`Help category ${textOf(category.title)}`}
              >
                <div className="panel__heading">
                  <h2>
                    {textOf(category.title)} <span className="muted small mono">#{category.anchor}</span>
                  </h2>
                  {props.canWrite && !isEditing && (
                    <span className="row-actions">
                      <button
                        className="button button--quiet button--small"
                        type="button"
                        onClick={() => {
                          setNewArticleCategory(category.id);
                          articles.open('new');
                        }}
                      >
                        New article
                      </button>
                      <RowActions
                        label={`category ${textOf(category.title)}`}
                        onEdit={() => categories.open(category)}
                        onRemove={() => void categories.remove(category)}
                      />
                    </span>
                  )}
                </div>
                {own.length === 0 ? (
                  <p className="muted">No articles in this category yet.</p>
                ) : (
                  <div className="table-wrap">
                    <RowTable
                      rows={own}
                      columns={ARTICLE_COLUMNS}
                      canAct={props.canWrite && !isEditing}
                      rowLabel={(article) => `article ${textOf(article.title)}`}
                      onEdit={(article) => articles.open(article)}
                      onRemove={(article) => void articles.remove(article)}
                    />
                  </div>
                )}
              </section>
            );
          })}
        </div>
      )}
    </>
  );
}

/** The anchor of a category or an article: the part of a link after `/help#`. */
function AnchorField(props: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (anchor: string) => void;
  errors: Record<string, string>;
}) {
  return (
    <Field label={props.label} name="anchor" errors={props.errors}>
      <input
        required
        maxLength={40}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </Field>
  );
}

function CategoryForm(props: RowFormProps<HelpCategory, HelpCategoryInput>) {
  const [anchor, setAnchor] = useState(props.initial?.anchor ?? '');
  const [title, setTitle] = useState({ ...emptyLocalized(), ...props.initial?.title });
  const [sortOrder, setSortOrder] = useState(props.initial?.sortOrder ?? 0);

  return (
    <EditorForm
      noun="help category"
      buttonNoun="category"
      isNew={props.initial === null}
      isSubmitDisabled={props.isSaving}
      onCancel={props.onCancel}
      onSubmit={() => props.onSubmit({ anchor, device: 'WEB', title, sortOrder })}
    >
      <div className="field-row">
        <AnchorField
          label="Anchor (a-z, 0-9 and -; links open /help#anchor)"
          placeholder="deposits"
          value={anchor}
          onChange={setAnchor}
          errors={props.errors}
        />
        <SortOrderField value={sortOrder} onChange={setSortOrder} errors={props.errors} />
      </div>
      <TitleFields value={title} onChange={setTitle} errors={props.errors} />
    </EditorForm>
  );
}

function ArticleForm(
  props: RowFormProps<HelpArticle, HelpArticleInput> & {
    categories: readonly HelpCategory[];
    categoryId: string;
  },
) {
  const initial = props.initial;
  const [categoryId, setCategoryId] = useState(props.categoryId || props.categories[0]?.id || '');
  const [anchor, setAnchor] = useState(initial?.anchor ?? '');
  const [title, setTitle] = useState({ ...emptyLocalized(), ...initial?.title });
  const [content, setContent] = useState({ ...emptyLocalized(), ...initial?.content });
  const [sortOrder, setSortOrder] = useState(initial?.sortOrder ?? 0);

  return (
    <EditorForm
      noun="help article"
      buttonNoun="article"
      isNew={initial === null}
      isSubmitDisabled={props.isSaving}
      onCancel={props.onCancel}
      onSubmit={() => props.onSubmit({ categoryId, anchor, title, content, sortOrder })}
    >
      <div className="field-row">
        <Field label="Category" name="categoryId" errors={props.errors}>
          <select value={categoryId} onChange={(event) => setCategoryId(event.target.value)}>
            {props.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {textOf(category.title)}
              </option>
            ))}
          </select>
        </Field>
        <AnchorField
          label="Anchor (a-z, 0-9 and -)"
          placeholder="how-to-deposit"
          value={anchor}
          onChange={setAnchor}
          errors={props.errors}
        />
        <SortOrderField value={sortOrder} onChange={setSortOrder} errors={props.errors} />
      </div>
      <TitleFields value={title} onChange={setTitle} errors={props.errors} />
      <LocalizedFields
        label="Body"
        name="content"
        value={content}
        onChange={setContent}
        errors={props.errors}
        maxLength={50_000}
        isHtml
      />
    </EditorForm>
  );
}
