import { type FormEvent, useState } from 'react';
import {
  emptyLocalized,
  Field,
  LocalizedFields,
  type LocalizedValue,
  textOf,
} from '../../components/editor-fields.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../components/query-state.tsx';
import { failureNotice, type Notice, RowActions, useRowEditor } from '../../components/row-editor.tsx';
import { uploadImageTo } from '../../lib/entry-api.ts';

type Props = { merchantId: string; canWrite: boolean; onNotice: (notice: Notice) => void };

const CS_TYPES = ['LIVECHAT', 'TELEGRAM', 'WHATSAPP', 'VIBER', 'FACEBOOK', 'EMAIL'] as const;
/** The resource types the player site reads (footer, side menu, app download, licence modal, header). */
const RESOURCE_TYPES = [
  ['SOCIAL', 'Social link (footer)'],
  ['TELEGRAM', 'Telegram contact (footer)'],
  ['APP_ANDROID', 'Android app'],
  ['APP_IOS', 'iOS app'],
  ['LICENSE', 'Licence image'],
  ['HELP', 'Footer help link'],
  ['LOGO', 'Logo image'],
] as const;
const IMAGE_TYPES = new Set(['LICENSE', 'LOGO']);

type CustomerService = {
  id: string;
  merchantId: string;
  csType: (typeof CS_TYPES)[number];
  title: LocalizedValue;
  path: string;
  sortOrder: number;
  enabled: boolean;
};
type CustomerServiceInput = Omit<CustomerService, 'id' | 'merchantId'>;

type Resource = {
  id: string;
  merchantId: string;
  resourceType: string;
  label: LocalizedValue;
  url: string;
  icon: string | null;
  sortOrder: number;
  enabled: boolean;
};
type ResourceInput = Omit<Resource, 'id' | 'merchantId'>;

const orderInput = (value: number, onChange: (value: number) => void) => (
  <input
    type="number"
    min={0}
    max={10_000}
    value={value}
    onChange={(event) => onChange(Number.parseInt(event.target.value, 10) || 0)}
  />
);

function ShownBadge({ enabled }: { enabled: boolean }) {
  return <span className={`badge ${enabled ? 'badge--success' : ''}`}>{enabled ? 'on' : 'off'}</span>;
}

/** Order buttons: swap a row's order with its neighbour's (two changes, two audit rows). */
function MoveButtons<Row extends { id: string; sortOrder: number }>(props: {
  rows: readonly Row[];
  index: number;
  onMove: (row: Row, sortOrder: number) => Promise<boolean>;
}) {
  const row = props.rows[props.index] as Row;
  const move = async (offset: -1 | 1) => {
    const other = props.rows[props.index + offset];
    if (!other) return;
    // Equal orders are split apart so that the swap always moves the row.
    const target = other.sortOrder === row.sortOrder ? Math.max(0, row.sortOrder + offset) : other.sortOrder;
    if (await props.onMove(row, target)) await props.onMove(other, row.sortOrder);
  };
  return (
    <>
      <button
        className="button button--quiet button--small"
        type="button"
        aria-label="Move up"
        disabled={props.index === 0}
        onClick={() => void move(-1)}
      >
        ↑
      </button>
      <button
        className="button button--quiet button--small"
        type="button"
        aria-label="Move down"
        disabled={props.index === props.rows.length - 1}
        onClick={() => void move(1)}
      >
        ↓
      </button>
    </>
  );
}

/** Customer-service entries (spec §4: csType and path): the header's list and the floating buttons. */
export function CustomerServiceEditor(props: Props) {
  const editor = useRowEditor<CustomerService>({
    segment: 'customer-services',
    noun: 'Customer-service entry',
    ...props,
  });
  const { list } = editor;
  const bodyOf = ({ id: _id, merchantId: _merchant, ...rest }: CustomerService): CustomerServiceInput => rest;
  return (
    <>
      {props.canWrite && editor.editing === null && (
        <div className="toolbar">
          <button className="button button--primary" type="button" onClick={() => editor.open('new')}>
            New entry
          </button>
        </div>
      )}
      {editor.editing !== null && (
        <CustomerServiceForm
          key={editor.editing === 'new' ? 'new' : editor.editing.id}
          initial={editor.editing === 'new' ? null : editor.editing}
          errors={editor.errors}
          isSaving={editor.isSaving}
          onCancel={editor.close}
          onSubmit={(body) => void editor.save(body)}
        />
      )}
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col" className="number">
                  Order
                </th>
                <th scope="col">Type</th>
                <th scope="col">Title</th>
                <th scope="col">Address</th>
                <th scope="col">Shown</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.isPending ? (
                <SkeletonRows columns={6} />
              ) : (
                list.data.map((entry, index) => (
                  <tr key={entry.id}>
                    <td className="number">{entry.sortOrder}</td>
                    <td className="mono">{entry.csType}</td>
                    <td>{textOf(entry.title)}</td>
                    <td className="small mono">{entry.path}</td>
                    <td>
                      <ShownBadge enabled={entry.enabled} />
                    </td>
                    <td>
                      {props.canWrite && editor.editing === null && (
                        <span className="row-actions">
                          <MoveButtons
                            rows={list.data}
                            index={index}
                            onMove={(row, sortOrder) => editor.update(row, { ...bodyOf(row), sortOrder })}
                          />
                          <RowActions
                            label={`${entry.csType} ${textOf(entry.title)}`}
                            onEdit={() => editor.open(entry)}
                            onRemove={() => void editor.remove(entry)}
                          />
                        </span>
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          {!list.isPending && list.data.length === 0 && (
            <EmptyState title="No customer-service entries: players see no support button." />
          )}
        </div>
      )}
    </>
  );
}

function CustomerServiceForm(props: {
  initial: CustomerService | null;
  errors: Record<string, string>;
  isSaving: boolean;
  onCancel: () => void;
  onSubmit: (body: CustomerServiceInput) => void;
}) {
  const initial = props.initial;
  const [csType, setCsType] = useState<CustomerServiceInput['csType']>(initial?.csType ?? 'LIVECHAT');
  const [title, setTitle] = useState({ ...emptyLocalized(), ...initial?.title });
  const [path, setPath] = useState(initial?.path ?? '');
  const [sortOrder, setSortOrder] = useState(initial?.sortOrder ?? 0);
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    props.onSubmit({ csType, title, path: path.trim(), sortOrder, enabled });
  }

  const formLabel = initial ? 'Edit customer-service entry' : 'New customer-service entry';
  return (
    <form className="panel form-grid" onSubmit={handleSubmit} aria-label={formLabel}>
      <h2>{formLabel}</h2>
      <div className="field-row">
        <Field label="Type" name="csType" errors={props.errors}>
          <select
            value={csType}
            onChange={(event) => setCsType(event.target.value as CustomerServiceInput['csType'])}
          >
            {CS_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </Field>
        <Field label="Address (http or https)" name="path" errors={props.errors}>
          <input
            type="url"
            required
            maxLength={1000}
            placeholder="https://t.me/your_support"
            value={path}
            aria-invalid={props.errors.path ? true : undefined}
            onChange={(event) => setPath(event.target.value)}
          />
        </Field>
        <Field label="Order" name="sortOrder" errors={props.errors}>
          {orderInput(sortOrder, setSortOrder)}
        </Field>
        <label className="check">
          <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
          <span>Shown</span>
        </label>
      </div>
      <LocalizedFields
        label="Title"
        name="title"
        value={title}
        onChange={setTitle}
        errors={props.errors}
        maxLength={200}
      />
      <div className="form-grid__actions">
        <button className="button button--quiet" type="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button className="button button--primary" type="submit" disabled={props.isSaving}>
          {initial ? 'Save entry' : 'Add entry'}
        </button>
      </div>
    </form>
  );
}

/** Resources by type (spec §3: resourceType, labelNameEn, url): links, apps, licence images, logo. */
export function ResourcesEditor(props: Props) {
  const editor = useRowEditor<Resource>({ segment: 'resources', noun: 'Resource', ...props });
  const { list } = editor;
  const bodyOf = ({ id: _id, merchantId: _merchant, ...rest }: Resource): ResourceInput => rest;
  const rows = list.data ?? [];
  const types = [...new Set(rows.map((row) => row.resourceType))];
  return (
    <>
      {props.canWrite && editor.editing === null && (
        <div className="toolbar">
          <button className="button button--primary" type="button" onClick={() => editor.open('new')}>
            New resource
          </button>
        </div>
      )}
      {editor.editing !== null && (
        <ResourceForm
          key={editor.editing === 'new' ? 'new' : editor.editing.id}
          merchantId={props.merchantId}
          initial={editor.editing === 'new' ? null : editor.editing}
          errors={editor.errors}
          isSaving={editor.isSaving}
          onCancel={editor.close}
          onNotice={props.onNotice}
          onSubmit={(body) => void editor.save(body)}
        />
      )}
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col" className="number">
                  Order
                </th>
                <th scope="col">Label (EN)</th>
                <th scope="col">Label (TY)</th>
                <th scope="col">Address or image</th>
                <th scope="col">Shown</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.isPending ? (
                <SkeletonRows columns={7} />
              ) : (
                types.flatMap((type) => {
                  const ofType = rows.filter((row) => row.resourceType === type);
                  return ofType.map((resource, index) => (
                    <tr key={resource.id}>
                      <td className="mono">{resource.resourceType}</td>
                      <td className="number">{resource.sortOrder}</td>
                      <td>{resource.label.EN ?? <span className="muted">—</span>}</td>
                      <td>{resource.label.TY ?? <span className="muted">—</span>}</td>
                      <td className="small mono">
                        {IMAGE_TYPES.has(resource.resourceType) ? (
                          <img src={resource.url} alt="" height={28} className="banner-thumb" />
                        ) : (
                          resource.url
                        )}
                      </td>
                      <td>
                        <ShownBadge enabled={resource.enabled} />
                      </td>
                      <td>
                        {props.canWrite && editor.editing === null && (
                          <span className="row-actions">
                            <MoveButtons
                              rows={ofType}
                              index={index}
                              onMove={(row, sortOrder) => editor.update(row, { ...bodyOf(row), sortOrder })}
                            />
                            <RowActions
                              label={`${resource.resourceType} ${textOf(resource.label)}`}
                              onEdit={() => editor.open(resource)}
                              onRemove={() => void editor.remove(resource)}
                            />
                          </span>
                        )}
                      </td>
                    </tr>
                  ));
                })
              )}
            </tbody>
          </table>
          {!list.isPending && rows.length === 0 && <EmptyState title="No resources yet." />}
        </div>
      )}
    </>
  );
}

function ResourceForm(props: {
  merchantId: string;
  initial: Resource | null;
  errors: Record<string, string>;
  isSaving: boolean;
  onCancel: () => void;
  onNotice: (notice: Notice) => void;
  onSubmit: (body: ResourceInput) => void;
}) {
  const initial = props.initial;
  const [resourceType, setResourceType] = useState(initial?.resourceType ?? 'SOCIAL');
  const [label, setLabel] = useState({ ...emptyLocalized(), ...initial?.label });
  const [url, setUrl] = useState(initial?.url ?? '');
  const [icon, setIcon] = useState(initial?.icon ?? '');
  const [sortOrder, setSortOrder] = useState(initial?.sortOrder ?? 0);
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  const [isUploading, setIsUploading] = useState(false);
  const isImage = IMAGE_TYPES.has(resourceType);

  async function handleFile(file: File | undefined) {
    if (!file) return;
    setIsUploading(true);
    try {
      setUrl((await uploadImageTo('/bo/settings/images', props.merchantId, file)).url);
    } catch (error) {
      props.onNotice(failureNotice(error));
    } finally {
      setIsUploading(false);
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    props.onSubmit({ resourceType, label, url: url.trim(), icon: icon.trim() || null, sortOrder, enabled });
  }

  const formLabel = initial ? 'Edit resource' : 'New resource';
  return (
    <form className="panel form-grid" onSubmit={handleSubmit} aria-label={formLabel}>
      <h2>{formLabel}</h2>
      <div className="field-row">
        <Field label="Type" name="resourceType" errors={props.errors}>
          <select value={resourceType} onChange={(event) => setResourceType(event.target.value)}>
            {RESOURCE_TYPES.map(([code, text]) => (
              <option key={code} value={code}>
                {code} · {text}
              </option>
            ))}
            {!RESOURCE_TYPES.some(([code]) => code === resourceType) && <option>{resourceType}</option>}
          </select>
        </Field>
        <Field label="Order" name="sortOrder" errors={props.errors}>
          {orderInput(sortOrder, setSortOrder)}
        </Field>
        <Field
          label="Icon name"
          name="icon"
          errors={props.errors}
          hint="Optional: youtube, telegram, android …"
        >
          <input maxLength={40} value={icon} onChange={(event) => setIcon(event.target.value)} />
        </Field>
        <label className="check">
          <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
          <span>Shown</span>
        </label>
      </div>
      <LocalizedFields
        label="Label"
        name="label"
        value={label}
        onChange={setLabel}
        errors={props.errors}
        maxLength={200}
      />
      <div className="field-row">
        <Field
          label={
            isImage
              ? 'Image address (filled in by the upload)'
              : 'Address (http, https or a path on the site)'
          }
          name="url"
          errors={props.errors}
        >
          <input
            required
            maxLength={1000}
            value={url}
            aria-invalid={props.errors.url ? true : undefined}
            onChange={(event) => setUrl(event.target.value)}
          />
        </Field>
        {isImage && (
          <Field label="Upload an image (PNG, JPEG or WebP, at most 2 MB)" name="image" errors={props.errors}>
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              onChange={(event) => void handleFile(event.target.files?.[0])}
            />
          </Field>
        )}
        {isUploading && <span className="muted">Uploading…</span>}
        {isImage && url && <img src={url} alt="Resource" className="editor-preview" />}
      </div>
      <div className="form-grid__actions">
        <button className="button button--quiet" type="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button className="button button--primary" type="submit" disabled={props.isSaving || isUploading}>
          {initial ? 'Save resource' : 'Add resource'}
        </button>
      </div>
    </form>
  );
}
