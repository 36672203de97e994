import { type FormEvent, useState } from 'react';
import {
  Check,
  CodeSelectField,
  Field,
  FieldError,
  fieldErrorsOf,
  LocalizedFields,
  TEXT_LANGUAGES,
  textOf,
} from '../../components/editor-fields.tsx';
import { failureNotice, type Notice } from '../../components/row-editor.tsx';
import { labelOfCode } from '../../lib/labels.ts';
import {
  DESCRIPTION_LENGTH_MAX,
  draftOfGoods,
  type GoodsDraft,
  IMAGES_MAX,
  NAME_LENGTH_MAX,
  newGoodsDraft,
  PER_MEMBER_LIMIT_MAX,
  POINTS_MAX,
  REQUIREMENT_DAYS_MAX,
  readGoodsDraft,
  SORT_ORDER_MAX,
  STOCK_MAX,
  withImageAdded,
  withImageMoved,
} from './goods-form.ts';
import { type OperatorGoods, uploadGoodsImage, useSaveGoods } from './points-api.ts';
import {
  GOODS_KIND_HINTS,
  GOODS_KIND_LABELS,
  GOODS_KINDS,
  GOODS_STATUS_LABELS,
  GOODS_STATUSES,
  REQUIREMENT_KIND_LABELS,
  REQUIREMENT_KINDS,
  type RequirementKind,
} from './points-labels.ts';

const labelled = <Code extends string>(codes: readonly Code[], labels: Record<string, string>) =>
  codes.map((code) => [code, labelOfCode(labels, code)] as const);

const REQUIREMENT_CHOICES = [
  ['none', 'No requirement'],
  ...labelled(REQUIREMENT_KINDS, REQUIREMENT_KIND_LABELS),
] as const satisfies ReadonlyArray<readonly [RequirementKind | 'none', string]>;

const grouped = (value: number) => value.toLocaleString('en-PH');

/**
 * The goods form: names and descriptions in TY and EN, pictures uploaded as they are picked, what a
 * unit gives and costs, who may redeem it and how many; the server's messages beside the fields
 * they name. Operators without loyalty.write read it without changing it.
 */
export function GoodsEditor(props: {
  merchantId: string;
  /** The goods being edited, or null for new ones. */
  goods: OperatorGoods | null;
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
  onClose: () => void;
}) {
  const { goods } = props;
  const [draft, setDraft] = useState<GoodsDraft>(() => (goods ? draftOfGoods(goods) : newGoodsDraft()));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [uploads, setUploads] = useState(0);
  const save = useSaveGoods();
  const errors = { ...fieldErrorsOf(save.error), ...localErrors };
  const change = (patch: Partial<GoodsDraft>) => setDraft((current) => ({ ...current, ...patch }));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    props.onNotice(null);
    const reading = readGoodsDraft(draft);
    if (!reading.ok) {
      setLocalErrors(reading.errors);
      props.onNotice({ tone: 'danger', title: 'Some fields need attention: see the messages beside them.' });
      return;
    }
    setLocalErrors({});
    try {
      await save.mutateAsync({ id: goods?.id ?? null, merchantId: props.merchantId, body: reading.body });
      props.onNotice({
        tone: 'success',
        title: goods
          ? 'Goods saved.'
          : reading.body.status === 'hidden'
            ? 'Goods added, hidden: members see them once you set them active.'
            : 'Goods added: members can redeem them now.',
      });
      props.onClose();
    } catch (error) {
      props.onNotice(failureNotice(error));
    }
  }

  return (
    <form
      className="points-goods-editor"
      onSubmit={(event) => void handleSubmit(event)}
      aria-label={goods ? 'Edit goods' : 'New goods'}
      noValidate
    >
      <div className="panel__heading">
        <h2>{goods ? 'Edit goods' : 'New goods'}</h2>
        <button type="button" className="button button--quiet" onClick={props.onClose}>
          Back to the list
        </button>
      </div>
      <fieldset className="panel form-grid" disabled={!props.canWrite}>
        <h3 className="panel__heading">What members see</h3>
        <LocalizedFields
          label="Name"
          name="names"
          maxLength={NAME_LENGTH_MAX}
          value={draft.name}
          onChange={(name) => change({ name })}
          errors={errors}
        />
        <div className="field-row">
          {TEXT_LANGUAGES.map(([language, languageLabel]) => (
            <Field
              key={language}
              label={`Description, ${languageLabel}`}
              name={`descriptions.${language}`}
              errors={errors}
            >
              <textarea
                rows={4}
                maxLength={DESCRIPTION_LENGTH_MAX}
                value={draft.description[language] ?? ''}
                aria-invalid={errors[`descriptions.${language}`] ? true : undefined}
                onChange={(event) =>
                  change({ description: { ...draft.description, [language]: event.target.value } })
                }
              />
            </Field>
          ))}
        </div>
        <GoodsImages
          name={textOf(draft.name).trim()}
          urls={draft.imageUrls}
          merchantId={props.merchantId}
          errors={errors}
          onNotice={props.onNotice}
          onUploading={(isBusy) => setUploads((count) => count + (isBusy ? 1 : -1))}
          onUpdate={(update) => setDraft((current) => ({ ...current, imageUrls: update(current.imageUrls) }))}
        />
      </fieldset>

      <fieldset className="panel form-grid" disabled={!props.canWrite}>
        <h3 className="panel__heading">What a unit gives and costs</h3>
        <div className="field-row">
          <CodeSelectField
            label="Kind"
            name="kind"
            errors={errors}
            value={draft.kind}
            codes={labelled(GOODS_KINDS, GOODS_KIND_LABELS)}
            hint={GOODS_KIND_HINTS[draft.kind]}
            onChange={(kind) => change({ kind })}
          />
          <Field label="Points per unit" name="points" errors={errors} hint={`1 to ${grouped(POINTS_MAX)}`}>
            <input
              inputMode="numeric"
              maxLength={14}
              value={draft.points}
              aria-invalid={errors.points ? true : undefined}
              onChange={(event) => change({ points: event.target.value })}
            />
          </Field>
          {draft.kind !== 'item' && (
            <Field
              label={draft.kind === 'cash' ? 'Cash per unit (₱)' : 'Bonus per unit (₱)'}
              name="amount"
              errors={errors}
            >
              <input
                inputMode="decimal"
                maxLength={20}
                placeholder="0.00"
                value={draft.amount}
                aria-invalid={errors.amount ? true : undefined}
                onChange={(event) => change({ amount: event.target.value })}
              />
            </Field>
          )}
        </div>
      </fieldset>

      <fieldset className="panel form-grid" disabled={!props.canWrite}>
        <h3 className="panel__heading">Who may redeem, and how many</h3>
        <div className="field-row">
          <Field
            label="Requirement"
            name="requirement"
            errors={draft.requirementKind === 'none' ? errors : {}}
            hint="Deposits or valid bet of at least an amount over the member's last days"
          >
            <select
              value={draft.requirementKind}
              onChange={(event) =>
                change({ requirementKind: event.target.value as GoodsDraft['requirementKind'] })
              }
            >
              {REQUIREMENT_CHOICES.map(([code, words]) => (
                <option key={code} value={code}>
                  {words}
                </option>
              ))}
            </select>
          </Field>
          {draft.requirementKind !== 'none' && (
            <>
              <Field label="At least (₱)" name="requirement.amount" errors={errors}>
                <input
                  inputMode="decimal"
                  maxLength={20}
                  placeholder="0.00"
                  value={draft.requirementAmount}
                  aria-invalid={errors['requirement.amount'] ? true : undefined}
                  onChange={(event) => change({ requirementAmount: event.target.value })}
                />
              </Field>
              <Field
                label="Over the last (days)"
                name="requirement.days"
                errors={errors}
                hint={`1 to ${REQUIREMENT_DAYS_MAX}`}
              >
                <input
                  inputMode="numeric"
                  maxLength={3}
                  value={draft.requirementDays}
                  aria-invalid={errors['requirement.days'] ? true : undefined}
                  onChange={(event) => change({ requirementDays: event.target.value })}
                />
              </Field>
            </>
          )}
        </div>
        <div className="field-row">
          <div className="field">
            <span className="field__label">Stock</span>
            <Check isOn={draft.isUnlimited} onChange={(isUnlimited) => change({ isUnlimited })}>
              <span>Unlimited</span>
            </Check>
            {!draft.isUnlimited && (
              <input
                aria-label="Units in stock"
                inputMode="numeric"
                maxLength={14}
                placeholder={`0 to ${grouped(STOCK_MAX)}`}
                value={draft.stock}
                aria-invalid={errors.stock ? true : undefined}
                onChange={(event) => change({ stock: event.target.value })}
              />
            )}
            <span className="muted small">A redeem takes stock at once; a rejected one gives it back.</span>
            <FieldError errors={errors} name="stock" />
          </div>
          <Field
            label="Per member, at most"
            name="perMemberLimit"
            errors={errors}
            hint={`Blank: no limit. Counts processing and approved redeems; 1 to ${grouped(PER_MEMBER_LIMIT_MAX)}`}
          >
            <input
              inputMode="numeric"
              maxLength={9}
              value={draft.perMemberLimit}
              aria-invalid={errors.perMemberLimit ? true : undefined}
              onChange={(event) => change({ perMemberLimit: event.target.value })}
            />
          </Field>
        </div>
        <div className="field-row">
          <CodeSelectField
            label="Status"
            name="status"
            errors={errors}
            value={draft.status}
            codes={labelled(GOODS_STATUSES, GOODS_STATUS_LABELS)}
            hint="Hidden goods stay here; members neither see nor redeem them"
            onChange={(status) => change({ status })}
          />
          <Field label="Order" name="sort" errors={errors} hint={`0 to ${SORT_ORDER_MAX}; lower first`}>
            <input
              inputMode="numeric"
              maxLength={5}
              value={draft.sortOrder}
              aria-invalid={errors.sort ? true : undefined}
              onChange={(event) => change({ sortOrder: event.target.value })}
            />
          </Field>
        </div>
      </fieldset>

      {props.canWrite && (
        <div className="form-grid__actions">
          <button type="button" className="button button--quiet" onClick={props.onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={save.isPending || uploads > 0}
            title={uploads > 0 ? 'Wait for the pictures to upload' : undefined}
          >
            {save.isPending ? 'Saving…' : goods ? 'Save goods' : 'Add goods'}
          </button>
        </div>
      )}
    </form>
  );
}

/** The goods' pictures in their order (the first is the card's), each uploaded as it is picked. */
function GoodsImages(props: {
  /** The goods' name as typed, for the pictures' text. */
  name: string;
  urls: string[];
  merchantId: string;
  errors: Record<string, string>;
  onNotice: (notice: Notice) => void;
  onUploading: (isBusy: boolean) => void;
  /** Changes the pictures from the ones the form holds when the change lands (an upload takes time). */
  onUpdate: (update: (urls: string[]) => string[]) => void;
}) {
  const [isUploading, setIsUploading] = useState(false);
  const { urls } = props;

  async function upload(file: File | undefined) {
    if (!file) return;
    setIsUploading(true);
    props.onUploading(true);
    try {
      const uploaded = await uploadGoodsImage(props.merchantId, file);
      props.onUpdate((current) => withImageAdded(current, uploaded.url));
    } catch (error) {
      props.onNotice(failureNotice(error));
    } finally {
      setIsUploading(false);
      props.onUploading(false);
    }
  }

  return (
    <div className="field">
      <span className="field__label">Pictures</span>
      <span className="muted small">
        PNG, JPEG or WebP, at most {IMAGES_MAX}. The first is the card's picture in the points mall. They go
        to the site's image store, as banners do: uploading needs the content permission.
      </span>
      <ol className="points-goods-images">
        {urls.map((url, index) => (
          <li key={url}>
            <img src={url} alt={`${props.name || 'New goods'}, ${index + 1} of ${urls.length}`} />
            <div className="row-actions">
              <button
                type="button"
                className="button button--quiet button--small"
                aria-label={`Move picture ${index + 1} earlier`}
                disabled={index === 0}
                onClick={() => props.onUpdate((current) => withImageMoved(current, index, -1))}
              >
                ←
              </button>
              <button
                type="button"
                className="button button--quiet button--small"
                aria-label={`Move picture ${index + 1} later`}
                disabled={index === urls.length - 1}
                onClick={() => props.onUpdate((current) => withImageMoved(current, index, 1))}
              >
                →
              </button>
              <button
                type="button"
                className="button button--quiet button--small"
                aria-label={`Remove picture ${index + 1}`}
                onClick={() => props.onUpdate((current) => current.filter((_, at) => at !== index))}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      {urls.length < IMAGES_MAX && (
        <input
          type="file"
          aria-label="Add a picture"
          accept="image/png,image/jpeg,image/webp"
          disabled={isUploading}
          onChange={(event) => {
            void upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      )}
      {isUploading && <span className="muted small">Uploading…</span>}
      <FieldError errors={props.errors} name="imageUrls" />
    </div>
  );
}
