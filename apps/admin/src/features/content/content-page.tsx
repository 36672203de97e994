import { useState } from 'react';
import {
  Check,
  CodeSelectField,
  emptyLocalized,
  Field,
  isoOrNull,
  LocalizedFields,
  TEXT_LANGUAGES,
  TitleFields,
  textOf,
  toLocalInput,
} from '../../components/editor-fields.tsx';
import {
  type MerchantScope,
  MerchantTabsHeader,
  useMerchantTabs,
} from '../../components/merchant-picker.tsx';
import {
  EditorForm,
  type ListColumn,
  OrderedListEditor,
  ShownBadge,
  ShownCheck,
  SortOrderField,
  SwitchButton,
} from '../../components/ordered-list-editor.tsx';
import {
  bodyOfRow,
  type Notice,
  type RowFormProps,
  useImageUpload,
  useRowEditor,
} from '../../components/row-editor.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { ArticlesEditor } from './articles-editor.tsx';
import type { Announcement, AnnouncementInput, Banner, BannerInput } from './content-api.ts';
import { HelpCentreEditor } from './help-centre-editor.tsx';

const GROUPS = ['w_home', 'w_login', 'w_register', 'w_license', 'w_leftmenu'] as const;
const LINK_TYPES = ['NONE', 'URL', 'ROUTE', 'PROMOTION', 'GAME'] as const;
const ANNOUNCEMENT_TYPES = [
  ['B', 'Notice (marquee)'],
  ['PU', 'Popup'],
  ['PL', 'Platform'],
  ['PR', 'Promotion'],
  ['H', 'Help'],
] as const;
const TABS = [
  ['banners', 'Banners'],
  ['announcements', 'Announcements'],
  ['help', 'Help centre'],
  ['articles', 'News, blog & guide'],
] as const;
type Tab = (typeof TABS)[number][0];

const schedule = (row: { startsAt: string | null; endsAt: string | null }) =>
  `${row.startsAt ? formatDateTime(row.startsAt) : '—'} – ${row.endsAt ? formatDateTime(row.endsAt) : 'open'}`;

/** Banners (with image upload), announcements in TY and EN, the help centre, and news, blog and guide. */
export function ContentPage(props: MerchantScope & { canWrite: boolean }) {
  const page = useMerchantTabs<Tab>(props, 'banners');
  const { merchantId, tab } = page;
  const listProps = { merchantId, canWrite: props.canWrite, onNotice: page.setNotice };
  return (
    <div className="page">
      <MerchantTabsHeader scope={props} label="Content kinds" tabs={TABS} page={page} />
      {tab === 'banners' && <Banners key={merchantId} {...listProps} />}
      {tab === 'announcements' && <Announcements key={merchantId} {...listProps} />}
      {tab === 'help' && <HelpCentreEditor key={merchantId} {...listProps} />}
      {tab === 'articles' && <ArticlesEditor key={merchantId} {...listProps} />}
    </div>
  );
}

type ListProps = { merchantId: string; canWrite: boolean; onNotice: (notice: Notice) => void };

const BANNER_COLUMNS: ListColumn<Banner>[] = [
  {
    header: 'Image',
    cell: (banner) => <img src={banner.imageUrl} alt="" height={28} className="banner-thumb" />,
  },
  { header: 'Group', cellClassName: 'mono', cell: (banner) => banner.groupName },
  { header: 'Title', cell: (banner) => textOf(banner.title) },
  {
    header: 'Link',
    cellClassName: 'small',
    cell: (banner) => `${banner.linkType}${banner.linkTarget ? ` → ${banner.linkTarget}` : ''}`,
  },
  { header: 'Order', isNumber: true, cell: (banner) => banner.sortOrder },
  { header: 'Shown', cell: (banner) => <ShownBadge isOn={banner.enabled} /> },
  { header: 'Schedule', cellClassName: 'small nowrap', cell: schedule },
];

function Banners(props: ListProps) {
  const editor = useRowEditor<Banner>({ segment: 'banners', noun: 'Banner', ...props });
  return (
    <OrderedListEditor
      editor={editor}
      canWrite={props.canWrite}
      newLabel="New banner"
      columns={BANNER_COLUMNS}
      rowLabel={(banner) => `banner ${textOf(banner.title)}`}
      emptyTitle="No banners yet."
      extraActions={(banner) => (
        <SwitchButton
          isOn={banner.enabled}
          words={['Hide', 'Show']}
          onSwitch={() => void editor.update(banner, { ...bodyOfRow(banner), enabled: !banner.enabled })}
        />
      )}
      form={BannerForm}
    />
  );
}

function BannerForm(props: RowFormProps<Banner, BannerInput>) {
  const initial = props.initial;
  const [groupName, setGroupName] = useState<BannerInput['groupName']>(initial?.groupName ?? 'w_home');
  const [title, setTitle] = useState(initial ? { ...emptyLocalized(), ...initial.title } : emptyLocalized());
  const [imageUrl, setImageUrl] = useState(initial?.imageUrl ?? '');
  const [languageImageUrls, setLanguageImageUrls] = useState<Record<string, string>>(
    initial?.languageImageUrls ?? {},
  );
  const [uploadingLanguages, setUploadingLanguages] = useState(0);
  const [linkType, setLinkType] = useState<BannerInput['linkType']>(initial?.linkType ?? 'NONE');
  const [linkTarget, setLinkTarget] = useState(initial?.linkTarget ?? '');
  const [sortOrder, setSortOrder] = useState(initial?.sortOrder ?? 0);
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  const [startsAt, setStartsAt] = useState(toLocalInput(initial?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(toLocalInput(initial?.endsAt ?? null));
  const { isUploading, upload } = useImageUpload({
    route: '/bo/images',
    merchantId: props.merchantId,
    onNotice: props.onNotice,
    onUploaded: setImageUrl,
  });
  const errors = props.errors;

  return (
    <EditorForm
      noun="banner"
      isNew={initial === null}
      isSubmitDisabled={!imageUrl || isUploading || uploadingLanguages > 0 || props.isSaving}
      onCancel={props.onCancel}
      onSubmit={() =>
        props.onSubmit({
          groupName,
          title,
          imageUrl,
          languageImageUrls,
          linkType,
          linkTarget: linkType === 'NONE' ? null : linkTarget || null,
          sortOrder,
          enabled,
          startsAt: isoOrNull(startsAt),
          endsAt: isoOrNull(endsAt),
        })
      }
    >
      <div className="field-row">
        <CodeSelectField
          label="Group"
          name="groupName"
          errors={errors}
          value={groupName}
          codes={GROUPS}
          onChange={setGroupName}
        />
        <SortOrderField value={sortOrder} onChange={setSortOrder} errors={errors} />
        <ShownCheck isOn={enabled} onChange={setEnabled} />
      </div>
      <TitleFields value={title} onChange={setTitle} errors={errors} />
      <div className="field-row">
        <Field
          label={
            initial
              ? 'Replace the image (PNG, JPEG or WebP, at most 2 MB)'
              : 'Image (PNG, JPEG or WebP, at most 2 MB)'
          }
          name="imageUrl"
          errors={errors}
        >
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={(event) => void upload(event.target.files?.[0])}
          />
        </Field>
        {isUploading && <span className="muted">Uploading…</span>}
        {imageUrl && (
          <img src={imageUrl} alt="Banner" className="editor-preview" data-testid="uploaded-image" />
        )}
      </div>
      {TEXT_LANGUAGES.map(([code]) => (
        <LanguageImageField
          key={code}
          code={code}
          url={languageImageUrls[code] ?? ''}
          merchantId={props.merchantId}
          errors={errors}
          onNotice={props.onNotice}
          onUploading={(isBusy) => setUploadingLanguages((count) => count + (isBusy ? 1 : -1))}
          onChange={(url) =>
            setLanguageImageUrls((current) => {
              const { [code]: _replaced, ...others } = current;
              return url ? { ...others, [code]: url } : others;
            })
          }
        />
      ))}
      <div className="field-row">
        <CodeSelectField
          label="Link type"
          name="linkType"
          errors={errors}
          value={linkType}
          codes={LINK_TYPES}
          onChange={setLinkType}
        />
        <Field label="Link target" name="linkTarget" errors={errors}>
          <input
            value={linkTarget}
            maxLength={1000}
            disabled={linkType === 'NONE'}
            onChange={(event) => setLinkTarget(event.target.value)}
          />
        </Field>
        <Field label="From" name="startsAt" errors={errors}>
          <input
            type="datetime-local"
            value={startsAt}
            onChange={(event) => setStartsAt(event.target.value)}
          />
        </Field>
        <Field label="Until" name="endsAt" errors={errors}>
          <input type="datetime-local" value={endsAt} onChange={(event) => setEndsAt(event.target.value)} />
        </Field>
      </div>
    </EditorForm>
  );
}

/**
 * A banner's image for one language, for art whose drawn text is in that language: readers of the
 * language see it, everyone else the default image.
 */
function LanguageImageField(props: {
  code: string;
  url: string;
  merchantId: string;
  errors: Record<string, string>;
  onNotice: (notice: Notice) => void;
  onUploading: (isBusy: boolean) => void;
  onChange: (url: string) => void;
}) {
  const { isUploading, upload } = useImageUpload({
    route: '/bo/images',
    merchantId: props.merchantId,
    onNotice: props.onNotice,
    onUploaded: props.onChange,
  });
  async function uploadFile(file: File | undefined) {
    props.onUploading(true);
    try {
      await upload(file);
    } finally {
      props.onUploading(false);
    }
  }
  return (
    <div className="field-row">
      <Field
        label={`Image in ${props.code} (optional: ${props.code} readers see it instead of the default)`}
        name={`languageImageUrls.${props.code}`}
        errors={props.errors}
      >
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          data-testid={`language-image-${props.code}`}
          onChange={(event) => void uploadFile(event.target.files?.[0])}
        />
      </Field>
      {isUploading && <span className="muted">Uploading…</span>}
      {props.url && (
        <>
          <img src={props.url} alt={`Banner in ${props.code}`} className="editor-preview" />
          <button
            type="button"
            className="button button--quiet button--small"
            onClick={() => props.onChange('')}
          >
            Use the default image
          </button>
        </>
      )}
    </div>
  );
}

/** Who reads an announcement: everyone, visitors and players, or agents (their agent centre). */
const ANNOUNCEMENT_AUDIENCES = [
  ['all', 'everyone'],
  ['members', 'visitors and players'],
  ['agents', 'agents'],
] as const;
const ANNOUNCEMENT_AUDIENCE_WORDS: Record<AnnouncementInput['audience'] & string, string> =
  Object.fromEntries(ANNOUNCEMENT_AUDIENCES) as Record<(typeof ANNOUNCEMENT_AUDIENCES)[number][0], string>;

const ANNOUNCEMENT_COLUMNS: ListColumn<Announcement>[] = [
  { header: 'Type', cellClassName: 'mono', cell: (item) => item.type },
  { header: 'Title', cell: (item) => textOf(item.title) },
  {
    header: 'Languages',
    cellClassName: 'mono small',
    cell: (item) =>
      TEXT_LANGUAGES.filter(([code]) => item.title[code])
        .map(([code]) => code)
        .join(' · '),
  },
  { header: 'Readers', cell: (item) => ANNOUNCEMENT_AUDIENCE_WORDS[item.audience] },
  { header: 'Popup for', cell: (item) => item.execution ?? 'all' },
  { header: 'Published', cell: (item) => <ShownBadge isOn={item.published} words={['yes', 'no']} /> },
  { header: 'Schedule', cellClassName: 'small nowrap', cell: schedule },
];

function Announcements(props: ListProps) {
  const editor = useRowEditor<Announcement>({ segment: 'announcements', noun: 'Announcement', ...props });
  const bodyOf = (item: Announcement): AnnouncementInput => {
    const { platform: _platform, ...rest } = bodyOfRow(item as Announcement & { platform?: string });
    return rest;
  };
  return (
    <OrderedListEditor
      editor={editor}
      canWrite={props.canWrite}
      newLabel="New announcement"
      columns={ANNOUNCEMENT_COLUMNS}
      rowLabel={(item) => `announcement ${textOf(item.title)}`}
      emptyTitle="No announcements yet."
      extraActions={(item) => (
        <SwitchButton
          isOn={item.published}
          words={['Unpublish', 'Publish']}
          onSwitch={() => void editor.update(item, { ...bodyOf(item), published: !item.published })}
        />
      )}
      form={AnnouncementForm}
    />
  );
}

function AnnouncementForm(props: RowFormProps<Announcement, AnnouncementInput>) {
  const initial = props.initial;
  const [type, setType] = useState<AnnouncementInput['type']>(initial?.type ?? 'B');
  const [execution, setExecution] = useState<'' | 'A' | 'B' | 'F'>(initial?.execution ?? '');
  const [audience, setAudience] = useState<Announcement['audience']>(initial?.audience ?? 'all');
  const [title, setTitle] = useState({ ...emptyLocalized(), ...initial?.title });
  const [content, setContent] = useState({ ...emptyLocalized(), ...initial?.content });
  const [published, setPublished] = useState(initial?.published ?? true);
  const [sortOrder, setSortOrder] = useState(initial?.sortOrder ?? 0);
  const [startsAt, setStartsAt] = useState(toLocalInput(initial?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(toLocalInput(initial?.endsAt ?? null));
  const errors = props.errors;

  return (
    <EditorForm
      noun="announcement"
      isNew={initial === null}
      isSubmitDisabled={props.isSaving}
      onCancel={props.onCancel}
      onSubmit={() =>
        props.onSubmit({
          type,
          execution: execution || null,
          audience,
          promotionType: initial?.promotionType ?? null,
          title,
          content,
          published,
          sortOrder,
          startsAt: isoOrNull(startsAt),
          endsAt: isoOrNull(endsAt),
        })
      }
    >
      <div className="field-row">
        <CodeSelectField
          label="Type"
          name="type"
          errors={errors}
          value={type}
          codes={ANNOUNCEMENT_TYPES}
          onChange={setType}
        />
        <CodeSelectField
          label="Readers"
          name="audience"
          errors={errors}
          value={audience}
          codes={ANNOUNCEMENT_AUDIENCES}
          onChange={setAudience}
        />
        <Field label="Shown to (popups)" name="execution" errors={errors}>
          <select
            value={execution}
            onChange={(event) => setExecution(event.target.value as typeof execution)}
          >
            <option value="">Everyone</option>
            <option value="A">A · members</option>
            <option value="B">B · visitors</option>
            <option value="F">F · first login</option>
          </select>
        </Field>
        <SortOrderField value={sortOrder} onChange={setSortOrder} errors={errors} />
        <Field label="From" name="startsAt" errors={errors}>
          <input
            type="datetime-local"
            value={startsAt}
            onChange={(event) => setStartsAt(event.target.value)}
          />
        </Field>
        <Field label="Until" name="endsAt" errors={errors}>
          <input type="datetime-local" value={endsAt} onChange={(event) => setEndsAt(event.target.value)} />
        </Field>
        <Check isOn={published} onChange={setPublished}>
          <span>Published</span>
        </Check>
      </div>
      <TitleFields value={title} onChange={setTitle} errors={errors} />
      <LocalizedFields
        label="Content"
        name="content"
        value={content}
        onChange={setContent}
        errors={errors}
        maxLength={20_000}
        isHtml
      />
    </EditorForm>
  );
}
