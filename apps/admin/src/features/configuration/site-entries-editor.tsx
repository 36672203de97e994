import { useState } from 'react';
import {
  CodeSelectField,
  emptyLocalized,
  Field,
  LocalizedFields,
  TitleFields,
  textOf,
} from '../../components/editor-fields.tsx';
import {
  EditorForm,
  type ListColumn,
  OrderedListEditor,
  ShownBadge,
  ShownCheck,
  SortOrderField,
} from '../../components/ordered-list-editor.tsx';
import {
  bodyOfRow,
  type Notice,
  type RowFormProps,
  useImageUpload,
  useRowEditor,
} from '../../components/row-editor.tsx';
import type { EntryInput, EntryRow } from '../../lib/entry-api.ts';

type Props = { merchantId: string; canWrite: boolean; onNotice: (notice: Notice) => void };

const CS_TYPES = ['LIVECHAT', 'TELEGRAM', 'WHATSAPP', 'VIBER', 'FACEBOOK', 'EMAIL'] as const;
/** The resource types the player site reads (footer, side menu, app download, licence modal, header). */
const RESOURCE_TYPES = [
  ['SOCIAL', 'Social link (footer)'],
  ['TELEGRAM', 'Telegram contact (footer)'],
  ['APP_ANDROID', 'Android app'],
  ['APP_IOS', 'iOS app'],
  // The lite app's icons (docs/lite-app.md): each at its size; without one the site's house icon shows.
  ['APP_ICON_SMALL', 'App icon, 192 × 192'],
  ['APP_ICON_LARGE', 'App icon, 512 × 512'],
  ['APP_ICON_MASKABLE', 'App icon, maskable, 512 × 512 (art in the centre 80 %)'],
  ['LICENSE', 'Licence image'],
  ['HELP', 'Footer help link'],
  ['LOGO', 'Logo image'],
] as const;
const IMAGE_TYPES = new Set(['LICENSE', 'LOGO', 'APP_ICON_SMALL', 'APP_ICON_LARGE', 'APP_ICON_MASKABLE']);

// The document's answer says string for `csType`, where what is saved names the values.
type CustomerService = EntryRow<'customer-services'> & Pick<CustomerServiceInput, 'csType'>;
type CustomerServiceInput = EntryInput<'customer-services'>;

type Resource = EntryRow<'resources'>;
type ResourceInput = EntryInput<'resources'>;

const CUSTOMER_SERVICE_COLUMNS: ListColumn<CustomerService>[] = [
  { header: 'Order', isNumber: true, cell: (entry) => entry.sortOrder },
  { header: 'Type', cellClassName: 'mono', cell: (entry) => entry.csType },
  { header: 'Title', cell: (entry) => textOf(entry.title) },
  { header: 'Address', cellClassName: 'small mono', cell: (entry) => entry.path },
  { header: 'Shown', cell: (entry) => <ShownBadge isOn={entry.enabled} /> },
];

/** Customer-service entries (spec §4: csType and path): the header's list and the floating buttons. */
export function CustomerServiceEditor(props: Props) {
  const editor = useRowEditor<CustomerService>({
    segment: 'customer-services',
    noun: 'Customer-service entry',
    ...props,
  });
  return (
    <OrderedListEditor
      editor={editor}
      canWrite={props.canWrite}
      hidesActionsWhileEditing
      newLabel="New entry"
      columns={CUSTOMER_SERVICE_COLUMNS}
      rowLabel={(entry) => `${entry.csType} ${textOf(entry.title)}`}
      emptyTitle="No customer-service entries: players see no support button."
      bodyOf={bodyOfRow}
      form={CustomerServiceForm}
    />
  );
}

function CustomerServiceForm(props: RowFormProps<CustomerService, CustomerServiceInput>) {
  const initial = props.initial;
  const [csType, setCsType] = useState<CustomerServiceInput['csType']>(initial?.csType ?? 'LIVECHAT');
  const [title, setTitle] = useState({ ...emptyLocalized(), ...initial?.title });
  const [path, setPath] = useState(initial?.path ?? '');
  const [sortOrder, setSortOrder] = useState(initial?.sortOrder ?? 0);
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);

  return (
    <EditorForm
      noun="customer-service entry"
      buttonNoun="entry"
      isNew={initial === null}
      isSubmitDisabled={props.isSaving}
      onCancel={props.onCancel}
      onSubmit={() => props.onSubmit({ csType, title, path: path.trim(), sortOrder, enabled })}
    >
      <div className="field-row">
        <CodeSelectField
          label="Type"
          name="csType"
          errors={props.errors}
          value={csType}
          codes={CS_TYPES}
          onChange={setCsType}
        />
        {/* A live-chat entry opens our own chat at /chat, or another chat service's address. */}
        <Field
          label={
            csType === 'LIVECHAT' ? 'Address (/chat for our live chat, or https)' : 'Address (http or https)'
          }
          name="path"
          errors={props.errors}
        >
          <input
            type={csType === 'LIVECHAT' ? 'text' : 'url'}
            inputMode="url"
            required
            maxLength={1000}
            placeholder={csType === 'LIVECHAT' ? '/chat' : 'https://t.me/your_support'}
            value={path}
            aria-invalid={props.errors.path ? true : undefined}
            onChange={(event) => setPath(event.target.value)}
          />
        </Field>
        <SortOrderField value={sortOrder} onChange={setSortOrder} errors={props.errors} />
        <ShownCheck isOn={enabled} onChange={setEnabled} />
      </div>
      <TitleFields value={title} onChange={setTitle} errors={props.errors} />
    </EditorForm>
  );
}

const RESOURCE_COLUMNS: ListColumn<Resource>[] = [
  { header: 'Type', cellClassName: 'mono', cell: (resource) => resource.resourceType },
  { header: 'Order', isNumber: true, cell: (resource) => resource.sortOrder },
  { header: 'Label (EN)', cell: (resource) => resource.label.EN ?? <span className="muted">—</span> },
  { header: 'Label (TY)', cell: (resource) => resource.label.TY ?? <span className="muted">—</span> },
  {
    header: 'Address or image',
    cellClassName: 'small mono',
    cell: (resource) =>
      IMAGE_TYPES.has(resource.resourceType) ? (
        <img src={resource.url} alt="" height={28} className="banner-thumb" />
      ) : (
        resource.url
      ),
  },
  { header: 'Shown', cell: (resource) => <ShownBadge isOn={resource.enabled} /> },
];

/** Resources by type (spec §3: resourceType, labelNameEn, url): links, apps, licence images, logo. */
export function ResourcesEditor(props: Props) {
  const editor = useRowEditor<Resource>({ segment: 'resources', noun: 'Resource', ...props });
  return (
    <OrderedListEditor
      editor={editor}
      canWrite={props.canWrite}
      hidesActionsWhileEditing
      newLabel="New resource"
      columns={RESOURCE_COLUMNS}
      rowLabel={(resource) => `${resource.resourceType} ${textOf(resource.label)}`}
      emptyTitle="No resources yet."
      bodyOf={bodyOfRow}
      // A type's rows stand together and move among themselves: the player site reads each type apart.
      groupOf={(resource) => resource.resourceType}
      form={ResourceForm}
    />
  );
}

function ResourceForm(props: RowFormProps<Resource, ResourceInput>) {
  const initial = props.initial;
  const [resourceType, setResourceType] = useState(initial?.resourceType ?? 'SOCIAL');
  const [label, setLabel] = useState({ ...emptyLocalized(), ...initial?.label });
  const [url, setUrl] = useState(initial?.url ?? '');
  const [icon, setIcon] = useState(initial?.icon ?? '');
  const [sortOrder, setSortOrder] = useState(initial?.sortOrder ?? 0);
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  const { isUploading, upload } = useImageUpload({
    route: '/bo/settings/images',
    merchantId: props.merchantId,
    onNotice: props.onNotice,
    onUploaded: setUrl,
  });
  const isImage = IMAGE_TYPES.has(resourceType);

  return (
    <EditorForm
      noun="resource"
      isNew={initial === null}
      isSubmitDisabled={props.isSaving || isUploading}
      onCancel={props.onCancel}
      onSubmit={() =>
        props.onSubmit({
          resourceType,
          label,
          url: url.trim(),
          icon: icon.trim() || null,
          sortOrder,
          enabled,
        })
      }
    >
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
        <SortOrderField value={sortOrder} onChange={setSortOrder} errors={props.errors} />
        <Field
          label="Icon name"
          name="icon"
          errors={props.errors}
          hint="Optional: youtube, telegram, android …"
        >
          <input maxLength={40} value={icon} onChange={(event) => setIcon(event.target.value)} />
        </Field>
        <ShownCheck isOn={enabled} onChange={setEnabled} />
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
              onChange={(event) => void upload(event.target.files?.[0])}
            />
          </Field>
        )}
        {isUploading && <span className="muted">Uploading…</span>}
        {isImage && url && <img src={url} alt="Resource" className="editor-preview" />}
      </div>
    </EditorForm>
  );
}
