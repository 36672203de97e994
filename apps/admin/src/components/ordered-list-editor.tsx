import type { ComponentType, FormEvent, ReactNode } from 'react';
import { Check, Field } from './editor-fields.tsx';
import { EmptyState, ErrorState, SkeletonRows } from './query-state.tsx';
import { RowActions, type RowFormProps, type useRowEditor } from './row-editor.tsx';

type Identified = { id: string };
type Ordered = Identified & { sortOrder: number };
export type RowEditor<Row extends Identified> = ReturnType<typeof useRowEditor<Row>>;

/** One column of the list: its heading and what a row shows in it. */
export type ListColumn<Row> = {
  header: string;
  /** `number` aligns the heading and the cells to the right; the cells may add their own class. */
  isNumber?: boolean;
  cellClassName?: string;
  cell: (row: Row) => ReactNode;
};

/** The "shown" badge of a list: on or off (or the words given). */
export function ShownBadge({ isOn, words = ['on', 'off'] }: { isOn: boolean; words?: [string, string] }) {
  return <span className={`badge ${isOn ? 'badge--success' : ''}`}>{isOn ? words[0] : words[1]}</span>;
}

/** A switch from the list (show or hide, publish or not) that says what it will do: `words` when on, when off. */
export function SwitchButton(props: { isOn: boolean; words: [string, string]; onSwitch: () => void }) {
  return (
    <button className="button button--quiet button--small" type="button" onClick={props.onSwitch}>
      {props.isOn ? props.words[0] : props.words[1]}
    </button>
  );
}

/** The "shown" box of every form of a list players see: unticked, the row stays but is hidden. */
export function ShownCheck(props: { isOn: boolean; onChange: (isOn: boolean) => void }) {
  return (
    <Check isOn={props.isOn} onChange={props.onChange}>
      <span>Shown</span>
    </Check>
  );
}

/** The order field of every form of an ordered list (the server keeps 0 to 10,000). */
export function SortOrderField(props: {
  value: number;
  onChange: (value: number) => void;
  errors: Record<string, string>;
}) {
  return (
    <Field label="Order" name="sortOrder" errors={props.errors}>
      <input
        type="number"
        min={0}
        max={10_000}
        value={props.value}
        onChange={(event) => props.onChange(Number.parseInt(event.target.value, 10) || 0)}
      />
    </Field>
  );
}

/**
 * The frame of every editor form: a panel headed "New …" or "Edit …", the fields, then Cancel and
 * "Add …" or "Save …". The form's own fields decide what is sent; this only stops the page reload.
 */
export function EditorForm(props: {
  /** What the form edits, as its heading names it ("help article"). */
  noun: string;
  /** The same, as its button names it where shorter ("article"). */
  buttonNoun?: string;
  isNew: boolean;
  isSubmitDisabled: boolean;
  onCancel: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const label = `${props.isNew ? 'New' : 'Edit'} ${props.noun}`;
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    props.onSubmit();
  }
  return (
    <form className="panel form-grid" onSubmit={handleSubmit} aria-label={label}>
      <h2>{label}</h2>
      {props.children}
      <div className="form-grid__actions">
        <button className="button button--quiet" type="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button className="button button--primary" type="submit" disabled={props.isSubmitDisabled}>
          {props.isNew ? 'Add' : 'Save'} {props.buttonNoun ?? props.noun}
        </button>
      </div>
    </form>
  );
}

/** Order buttons: swap a row's order with its neighbour's (two changes, two audit rows). */
function MoveButtons<Row extends Ordered>(props: {
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

/**
 * A table of rows with an Actions column: any row-specific buttons, up and down when the list is
 * ordered, then Edit and a two-step Remove. Rows of a group (a resource type) move among their own.
 */
export function RowTable<Row extends Ordered>(props: {
  rows: readonly Row[];
  columns: readonly ListColumn<Row>[];
  isPending?: boolean;
  canAct: boolean;
  rowLabel: (row: Row) => string;
  onEdit: (row: Row) => void;
  onRemove: (row: Row) => void;
  extraActions?: (row: Row) => ReactNode;
  /** Up and down buttons: the new order of a row, answered true when it was saved. */
  onMove?: (row: Row, sortOrder: number) => Promise<boolean>;
  groupOf?: (row: Row) => string;
}) {
  const groupOf = props.groupOf ?? (() => '');
  const groups = [...new Set(props.rows.map(groupOf))];
  const siblingsOf = new Map(
    groups.map((group) => [group, props.rows.filter((row) => groupOf(row) === group)]),
  );
  const onMove = props.onMove;
  return (
    <table className="table">
      <thead>
        <tr>
          {props.columns.map((column) => (
            <th key={column.header} scope="col" className={column.isNumber ? 'number' : undefined}>
              {column.header}
            </th>
          ))}
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {props.isPending ? (
          <SkeletonRows columns={props.columns.length + 1} />
        ) : (
          groups.flatMap((group) => {
            const siblings = siblingsOf.get(group) ?? [];
            return siblings.map((row, index) => (
              <tr key={row.id}>
                {props.columns.map((column) => (
                  <td
                    key={column.header}
                    className={
                      [column.isNumber ? 'number' : '', column.cellClassName ?? ''].join(' ').trim() ||
                      undefined
                    }
                  >
                    {column.cell(row)}
                  </td>
                ))}
                <td>
                  {props.canAct && (
                    <span className="row-actions">
                      {props.extraActions?.(row)}
                      {onMove && <MoveButtons rows={siblings} index={index} onMove={onMove} />}
                      <RowActions
                        label={props.rowLabel(row)}
                        onEdit={() => props.onEdit(row)}
                        onRemove={() => props.onRemove(row)}
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
  );
}

/**
 * One kind of row edited in place (customer service, resources, banners, announcements): a New
 * button, the form of the row being edited, and the list with its actions, loading, empty and
 * error states. The form is the caller's; the frame, the list and the order buttons are shared.
 */
export function OrderedListEditor<Row extends Ordered, Body>(props: {
  editor: RowEditor<Row>;
  canWrite: boolean;
  newLabel: string;
  columns: readonly ListColumn<Row>[];
  rowLabel: (row: Row) => string;
  emptyTitle: string;
  /** The form for a new row or the row being edited. */
  form: ComponentType<RowFormProps<Row, Body>>;
  extraActions?: (row: Row) => ReactNode;
  /** The row's body as the server takes it back, for the up and down buttons; none, no buttons. */
  bodyOf?: (row: Row) => Record<string, unknown>;
  groupOf?: (row: Row) => string;
  /**
   * The configuration editors put the list's actions away while a form is open, so that a row
   * is not moved under the form; the content lists keep them.
   */
  hidesActionsWhileEditing?: boolean;
}) {
  const { editor, bodyOf, form: Form } = props;
  const { list, editing } = editor;
  const canAct = props.canWrite && (!props.hidesActionsWhileEditing || editing === null);
  return (
    <>
      {props.canWrite && editing === null && (
        <div className="toolbar">
          <button className="button button--primary" type="button" onClick={() => editor.open('new')}>
            {props.newLabel}
          </button>
        </div>
      )}
      {editing !== null && (
        // Keyed by the row, so that opening another row starts its form afresh.
        <Form
          key={editing === 'new' ? 'new' : editing.id}
          {...editor.formPropsOf(editing === 'new' ? null : editing)}
        />
      )}
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className="table-wrap">
          <RowTable
            rows={list.data ?? []}
            columns={props.columns}
            isPending={list.isPending}
            canAct={canAct}
            rowLabel={props.rowLabel}
            onEdit={(row) => editor.open(row)}
            onRemove={(row) => void editor.remove(row)}
            {...(props.extraActions ? { extraActions: props.extraActions } : {})}
            {...(bodyOf
              ? { onMove: (row: Row, sortOrder: number) => editor.update(row, { ...bodyOf(row), sortOrder }) }
              : {})}
            {...(props.groupOf ? { groupOf: props.groupOf } : {})}
          />
          {!list.isPending && (list.data ?? []).length === 0 && <EmptyState title={props.emptyTitle} />}
        </div>
      )}
    </>
  );
}
