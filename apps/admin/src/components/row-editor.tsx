import { useState } from 'react';
import { BackOfficeError } from '../lib/back-office-api.ts';
import { type EntrySegment, uploadImageTo, useEntryChange, useEntryList } from '../lib/entry-api.ts';
import { fieldErrorsOf } from './editor-fields.tsx';

export type Notice = { tone: 'success' | 'danger'; title: string; detail?: string } | null;

/** The page-level notice for a refused change: the server's message, code and field messages. */
export function failureNotice(error: unknown): Notice {
  return {
    tone: 'danger',
    title: (error as Error).message,
    detail: [
      (error as BackOfficeError).code,
      ...(error instanceof BackOfficeError
        ? Object.entries(error.fields).map(([field, text]) => `${field}: ${text}`)
        : []),
    ].join(' · '),
  };
}

/** A stored row as the server takes it back: without its id and its merchant, which it keeps. */
export function bodyOfRow<Row extends { id: string; merchantId: string }>({
  id: _id,
  merchantId: _merchant,
  ...body
}: Row): Omit<Row, 'id' | 'merchantId'> {
  return body;
}

/**
 * An image picked in a form, uploaded at once so that the form can hold its URL; a refused upload
 * becomes the page's notice and leaves the form as it was.
 */
export function useImageUpload(props: {
  route: Parameters<typeof uploadImageTo>[0];
  merchantId: string;
  onNotice: (notice: Notice) => void;
  onUploaded: (url: string) => void;
}) {
  const [isUploading, setIsUploading] = useState(false);
  async function upload(file: File | undefined) {
    if (!file) return;
    setIsUploading(true);
    try {
      props.onUploaded((await uploadImageTo(props.route, props.merchantId, file)).url);
    } catch (error) {
      props.onNotice(failureNotice(error));
    } finally {
      setIsUploading(false);
    }
  }
  return { isUploading, upload };
}

/** What every row's form is given: where it starts, the server's messages, and where its body goes. */
export type RowFormProps<Row, Body> = {
  merchantId: string;
  /** The row being edited, or null for a new one. */
  initial: Row | null;
  errors: Record<string, string>;
  isSaving: boolean;
  onCancel: () => void;
  onNotice: (notice: Notice) => void;
  onSubmit: (body: Body) => void;
};

/**
 * A list of one kind of row with its form: which row is open (a new one or an existing one), the
 * server's field messages for it, and saving or removing with a notice on the page.
 */
export function useRowEditor<Row extends { id: string }>(props: {
  segment: EntrySegment;
  merchantId: string;
  noun: string;
  onNotice: (notice: Notice) => void;
  alsoRefresh?: readonly EntrySegment[];
}) {
  const list = useEntryList<Row>(props.segment, props.merchantId);
  const change = useEntryChange(props.segment, props.alsoRefresh);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function run(input: Parameters<typeof change.mutateAsync>[0], done: string): Promise<boolean> {
    props.onNotice(null);
    try {
      await change.mutateAsync(input);
      props.onNotice({ tone: 'success', title: done });
      return true;
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      props.onNotice(failureNotice(error));
      return false;
    }
  }

  async function save(body: unknown) {
    const isNew = editing === 'new' || editing === null;
    const saved = await run(
      isNew ? { merchantId: props.merchantId, body } : { id: editing.id, body },
      isNew ? `${props.noun} added.` : `${props.noun} saved.`,
    );
    if (saved) {
      setErrors({});
      setEditing(null);
    }
  }

  function close() {
    setErrors({});
    setEditing(null);
  }

  return {
    list,
    editing,
    errors,
    isSaving: change.isPending,
    open(row: Row | 'new') {
      setErrors({});
      props.onNotice(null);
      setEditing(row);
    },
    close,
    save,
    /** The props of the open row's form. */
    formPropsOf(initial: Row | null): RowFormProps<Row, unknown> {
      return {
        merchantId: props.merchantId,
        initial,
        errors,
        isSaving: change.isPending,
        onCancel: close,
        onNotice: props.onNotice,
        onSubmit: (body) => void save(body),
      };
    },
    /** A quick change from the list (show/hide, order), without opening the form. */
    update(row: Row, body: unknown) {
      return run({ id: row.id, body }, `${props.noun} saved.`);
    },
    async remove(row: Row) {
      if (await run({ id: row.id, remove: true }, `${props.noun} removed.`)) {
        if (editing !== 'new' && editing?.id === row.id) setEditing(null);
      }
    },
  };
}

/** Edit and a two-step Remove for one row of a list, to place inside a `.row-actions` box. */
export function RowActions(props: { label: string; onEdit: () => void; onRemove: () => void }) {
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <>
      <button
        className="button button--quiet button--small"
        type="button"
        aria-label={`Edit ${props.label}`}
        onClick={props.onEdit}
      >
        Edit
      </button>
      {isConfirming ? (
        <>
          <button
            className="button button--danger button--small"
            type="button"
            onClick={() => {
              setIsConfirming(false);
              props.onRemove();
            }}
          >
            Confirm remove
          </button>
          <button
            className="button button--quiet button--small"
            type="button"
            onClick={() => setIsConfirming(false)}
          >
            Keep
          </button>
        </>
      ) : (
        <button
          className="button button--danger button--small"
          type="button"
          aria-label={`Remove ${props.label}`}
          onClick={() => setIsConfirming(true)}
        >
          Remove
        </button>
      )}
    </>
  );
}
