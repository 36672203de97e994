import { type FormEvent, useState } from 'react';
import {
  ChangeNotice,
  MerchantPicker,
  type MerchantScope,
  useMerchantChoice,
} from '../../components/merchant-picker.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../components/query-state.tsx';
import { BackOfficeError } from '../../lib/back-office-api.ts';
import { formatDateTime } from '../../lib/format.ts';
import {
  type Announcement,
  type AnnouncementInput,
  type Banner,
  type BannerInput,
  uploadImage,
  useContentChange,
  useContentList,
} from './content-api.ts';

type Notice = { tone: 'success' | 'danger'; title: string; detail?: string } | null;
const GROUPS = ['w_home', 'w_login', 'w_register', 'w_license', 'w_leftmenu'] as const;
const LINK_TYPES = ['NONE', 'URL', 'ROUTE', 'PROMOTION', 'GAME'] as const;
const ANNOUNCEMENT_TYPES = [
  ['B', 'Notice (marquee)'],
  ['PU', 'Popup'],
  ['PL', 'Platform'],
  ['PR', 'Promotion'],
  ['H', 'Help'],
] as const;

const failure = (error: unknown): Notice => ({
  tone: 'danger',
  title: (error as Error).message,
  detail: [
    (error as BackOfficeError).code,
    ...(error instanceof BackOfficeError
      ? Object.entries(error.fields).map(([field, text]) => `${field}: ${text}`)
      : []),
  ].join(' · '),
});
const titleOf = (text: Record<string, string>) => text.EN ?? Object.values(text)[0] ?? '';
const isoOrNull = (value: string) => (value ? new Date(value).toISOString() : null);

/** Banners (with image upload) and announcements: popups, notices, promotions. */
export function ContentPage(props: MerchantScope & { canWrite: boolean }) {
  const [merchantId, setMerchantId] = useMerchantChoice(props);
  const [tab, setTab] = useState<'banners' | 'announcements'>('banners');
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <div className="page">
      <div className="toolbar">
        <MerchantPicker {...props} value={merchantId} onChange={setMerchantId} />
        <nav className="chips" aria-label="Content kinds">
          {(['banners', 'announcements'] as const).map((id) => (
            <button
              key={id}
              type="button"
              aria-pressed={tab === id}
              className={`button button--small ${tab === id ? 'button--primary' : 'button--quiet'}`}
              onClick={() => setTab(id)}
            >
              {id === 'banners' ? 'Banners' : 'Announcements'}
            </button>
          ))}
        </nav>
      </div>
      <ChangeNotice notice={notice} />
      {tab === 'banners' ? (
        <Banners merchantId={merchantId} canWrite={props.canWrite} onNotice={setNotice} />
      ) : (
        <Announcements merchantId={merchantId} canWrite={props.canWrite} onNotice={setNotice} />
      )}
    </div>
  );
}

type ListProps = { merchantId: string; canWrite: boolean; onNotice: (notice: Notice) => void };

function Banners(props: ListProps) {
  const banners = useContentList<Banner>('banners', props.merchantId);
  const change = useContentChange('banners');
  const [isAdding, setIsAdding] = useState(false);

  async function run(input: Parameters<typeof change.mutateAsync>[0], title: string) {
    props.onNotice(null);
    try {
      await change.mutateAsync(input);
      props.onNotice({ tone: 'success', title });
      return true;
    } catch (error) {
      props.onNotice(failure(error));
      return false;
    }
  }

  return (
    <>
      {props.canWrite && !isAdding && (
        <div className="toolbar">
          <button className="button button--primary" type="button" onClick={() => setIsAdding(true)}>
            New banner
          </button>
        </div>
      )}
      {isAdding && (
        <BannerForm
          merchantId={props.merchantId}
          onCancel={() => setIsAdding(false)}
          onNotice={props.onNotice}
          onSubmit={async (body) => {
            if (await run({ merchantId: props.merchantId, body }, 'Banner added.')) setIsAdding(false);
          }}
        />
      )}
      {banners.isError ? (
        <ErrorState error={banners.error} onRetry={() => void banners.refetch()} />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Image</th>
                <th scope="col">Group</th>
                <th scope="col">Title</th>
                <th scope="col">Link</th>
                <th scope="col" className="number">
                  Order
                </th>
                <th scope="col">Shown</th>
                <th scope="col">Schedule</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {banners.isPending ? (
                <SkeletonRows columns={8} />
              ) : (
                banners.data.map((banner) => (
                  <tr key={banner.id}>
                    <td>
                      <img src={banner.imageUrl} alt="" height={28} className="banner-thumb" />
                    </td>
                    <td className="mono">{banner.groupName}</td>
                    <td>{titleOf(banner.title)}</td>
                    <td className="small">
                      {banner.linkType}
                      {banner.linkTarget ? ` → ${banner.linkTarget}` : ''}
                    </td>
                    <td className="number">{banner.sortOrder}</td>
                    <td>
                      <span className={`badge ${banner.enabled ? 'badge--success' : ''}`}>
                        {banner.enabled ? 'on' : 'off'}
                      </span>
                    </td>
                    <td className="small nowrap">
                      {banner.startsAt ? formatDateTime(banner.startsAt) : '—'} –{' '}
                      {banner.endsAt ? formatDateTime(banner.endsAt) : 'open'}
                    </td>
                    <td className="row-actions">
                      {props.canWrite && (
                        <>
                          <button
                            className="button button--quiet button--small"
                            type="button"
                            onClick={() => {
                              const { id, merchantId: _merchant, ...rest } = banner;
                              void run(
                                { id, body: { ...rest, enabled: !banner.enabled } },
                                'Banner changed.',
                              );
                            }}
                          >
                            {banner.enabled ? 'Hide' : 'Show'}
                          </button>
                          <button
                            className="button button--danger button--small"
                            type="button"
                            onClick={() => void run({ id: banner.id, remove: true }, 'Banner removed.')}
                          >
                            Remove
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          {!banners.isPending && banners.data.length === 0 && <EmptyState title="No banners yet." />}
        </div>
      )}
    </>
  );
}

function BannerForm(props: {
  merchantId: string;
  onCancel: () => void;
  onNotice: (notice: Notice) => void;
  onSubmit: (body: BannerInput) => Promise<void>;
}) {
  const [groupName, setGroupName] = useState<BannerInput['groupName']>('w_home');
  const [title, setTitle] = useState('');
  const [imageUrl, setImageUrl] = useState('');
  const [linkType, setLinkType] = useState<BannerInput['linkType']>('NONE');
  const [linkTarget, setLinkTarget] = useState('');
  const [sortOrder, setSortOrder] = useState(0);
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [isUploading, setIsUploading] = useState(false);

  async function handleFile(file: File | undefined) {
    if (!file) return;
    setIsUploading(true);
    try {
      setImageUrl((await uploadImage(props.merchantId, file)).url);
    } catch (error) {
      props.onNotice(failure(error));
    } finally {
      setIsUploading(false);
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void props.onSubmit({
      groupName,
      title: { EN: title },
      imageUrl,
      linkType,
      linkTarget: linkType === 'NONE' ? null : linkTarget || null,
      sortOrder,
      enabled: true,
      startsAt: isoOrNull(startsAt),
      endsAt: isoOrNull(endsAt),
    });
  }

  return (
    <form className="panel form-grid" onSubmit={handleSubmit} aria-label="New banner">
      <div className="field-row">
        <label className="field">
          <span className="field__label">Group</span>
          <select
            value={groupName}
            onChange={(event) => setGroupName(event.target.value as BannerInput['groupName'])}
          >
            {GROUPS.map((group) => (
              <option key={group}>{group}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Title</span>
          <input required maxLength={200} value={title} onChange={(event) => setTitle(event.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">Order</span>
          <input
            type="number"
            min={0}
            value={sortOrder}
            onChange={(event) => setSortOrder(Number.parseInt(event.target.value, 10) || 0)}
          />
        </label>
      </div>
      <div className="field-row">
        <label className="field">
          <span className="field__label">Image (PNG, JPEG or WebP, at most 2 MB)</span>
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={(event) => void handleFile(event.target.files?.[0])}
          />
        </label>
        {isUploading && <span className="muted">Uploading…</span>}
        {imageUrl && <img src={imageUrl} alt="Uploaded banner" height={48} data-testid="uploaded-image" />}
      </div>
      <div className="field-row">
        <label className="field">
          <span className="field__label">Link type</span>
          <select
            value={linkType}
            onChange={(event) => setLinkType(event.target.value as BannerInput['linkType'])}
          >
            {LINK_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Link target</span>
          <input
            value={linkTarget}
            disabled={linkType === 'NONE'}
            onChange={(event) => setLinkTarget(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">From</span>
          <input
            type="datetime-local"
            value={startsAt}
            onChange={(event) => setStartsAt(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">Until</span>
          <input type="datetime-local" value={endsAt} onChange={(event) => setEndsAt(event.target.value)} />
        </label>
      </div>
      <div className="form-grid__actions">
        <button className="button button--quiet" type="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button className="button button--primary" type="submit" disabled={!imageUrl || isUploading}>
          Add banner
        </button>
      </div>
    </form>
  );
}

function Announcements(props: ListProps) {
  const announcements = useContentList<Announcement>('announcements', props.merchantId);
  const change = useContentChange('announcements');
  const [type, setType] = useState<AnnouncementInput['type']>('B');
  const [execution, setExecution] = useState<'' | 'A' | 'B' | 'F'>('');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');

  async function run(input: Parameters<typeof change.mutateAsync>[0], done: string) {
    props.onNotice(null);
    try {
      await change.mutateAsync(input);
      props.onNotice({ tone: 'success', title: done });
      return true;
    } catch (error) {
      props.onNotice(failure(error));
      return false;
    }
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const body: AnnouncementInput = {
      type,
      execution: execution || null,
      promotionType: null,
      title: { EN: title },
      content: { EN: content },
      published: true,
      sortOrder: 0,
      startsAt: isoOrNull(startsAt),
      endsAt: isoOrNull(endsAt),
    };
    if (await run({ merchantId: props.merchantId, body }, 'Announcement added.')) {
      setTitle('');
      setContent('');
    }
  }

  return (
    <>
      {props.canWrite && (
        <form
          className="panel form-grid"
          onSubmit={(event) => void handleSubmit(event)}
          aria-label="New announcement"
        >
          <div className="field-row">
            <label className="field">
              <span className="field__label">Type</span>
              <select
                value={type}
                onChange={(event) => setType(event.target.value as AnnouncementInput['type'])}
              >
                {ANNOUNCEMENT_TYPES.map(([code, label]) => (
                  <option key={code} value={code}>
                    {code} · {label}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field__label">Shown to (popups)</span>
              <select
                value={execution}
                onChange={(event) => setExecution(event.target.value as typeof execution)}
              >
                <option value="">Everyone</option>
                <option value="A">A · members</option>
                <option value="B">B · visitors</option>
                <option value="F">F · first login</option>
              </select>
            </label>
            <label className="field">
              <span className="field__label">Title</span>
              <input
                required
                maxLength={200}
                value={title}
                onChange={(event) => setTitle(event.target.value)}
              />
            </label>
            <label className="field">
              <span className="field__label">From</span>
              <input
                type="datetime-local"
                value={startsAt}
                onChange={(event) => setStartsAt(event.target.value)}
              />
            </label>
            <label className="field">
              <span className="field__label">Until</span>
              <input
                type="datetime-local"
                value={endsAt}
                onChange={(event) => setEndsAt(event.target.value)}
              />
            </label>
          </div>
          <label className="field">
            <span className="field__label">Content (HTML; scripts and unsafe attributes are removed)</span>
            <textarea rows={3} value={content} onChange={(event) => setContent(event.target.value)} />
          </label>
          <div className="form-grid__actions">
            <button className="button button--primary" type="submit" disabled={change.isPending}>
              Add announcement
            </button>
          </div>
        </form>
      )}
      {announcements.isError ? (
        <ErrorState error={announcements.error} onRetry={() => void announcements.refetch()} />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Title</th>
                <th scope="col">Audience</th>
                <th scope="col">Published</th>
                <th scope="col">Schedule</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {announcements.isPending ? (
                <SkeletonRows columns={6} />
              ) : (
                announcements.data.map((item) => (
                  <tr key={item.id}>
                    <td className="mono">{item.type}</td>
                    <td>{titleOf(item.title)}</td>
                    <td>{item.execution ?? 'all'}</td>
                    <td>
                      <span className={`badge ${item.published ? 'badge--success' : ''}`}>
                        {item.published ? 'yes' : 'no'}
                      </span>
                    </td>
                    <td className="small nowrap">
                      {item.startsAt ? formatDateTime(item.startsAt) : '—'} –{' '}
                      {item.endsAt ? formatDateTime(item.endsAt) : 'open'}
                    </td>
                    <td className="row-actions">
                      {props.canWrite && (
                        <>
                          <button
                            className="button button--quiet button--small"
                            type="button"
                            onClick={() => {
                              const {
                                id,
                                merchantId: _merchant,
                                platform: _platform,
                                ...rest
                              } = item as Announcement & {
                                platform?: string;
                              };
                              void run(
                                { id, body: { ...rest, published: !item.published } },
                                'Announcement changed.',
                              );
                            }}
                          >
                            {item.published ? 'Unpublish' : 'Publish'}
                          </button>
                          <button
                            className="button button--danger button--small"
                            type="button"
                            onClick={() => void run({ id: item.id, remove: true }, 'Announcement removed.')}
                          >
                            Remove
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          {!announcements.isPending && announcements.data.length === 0 && (
            <EmptyState title="No announcements yet." />
          )}
        </div>
      )}
    </>
  );
}
