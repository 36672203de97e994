import { type FormEvent, useState } from 'react';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable } from '../../components/query-table.tsx';
import {
  CLASSIFY_NAME_LENGTH_MAX,
  type ClassifyGroup,
  SORT_ORDER_MAX,
  useClassifyChange,
  useClassifyGroups,
} from './games-api.ts';
import { failureOf, fieldErrorsOf, type TabProps } from './notice.ts';

type Errors = Record<string, string>;
type Draft = { key: string; TY: string; EN: string; sortOrder: string };

/** What a form's draft asks of a category, its key aside: its names and its place in the menu. */
const namesAndOrderOf = (draft: Draft) => ({
  names: { TY: draft.TY.trim(), EN: draft.EN.trim() },
  sortOrder: Number(draft.sortOrder),
});

function checkDraft(draft: Draft, withKey: boolean): Errors {
  const errors: Errors = {};
  if (withKey && !/^[A-Z0-9_]{2,32}$/.test(draft.key)) {
    errors.key = '2 to 32 capital letters, digits or _ (for example JACKPOT).';
  }
  for (const language of ['TY', 'EN'] as const) {
    if (draft[language].trim() === '') errors[`names.${language}`] = 'Enter a name.';
  }
  if (!/^\d+$/.test(draft.sortOrder) || Number(draft.sortOrder) > SORT_ORDER_MAX) {
    errors.sortOrder = `A whole number from 0 to ${SORT_ORDER_MAX}.`;
  }
  return errors;
}

/**
 * The lobby's categories within a game type (classify groups: Baccarat, Slots …): add, rename in
 * both languages, order, and delete one no game uses.
 */
export function ClassifyTab(props: TabProps) {
  const groups = useClassifyGroups(props.merchantId);
  const change = useClassifyChange();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [isAdding, setIsAdding] = useState(false);

  const confirm = useConfirmedAction();

  async function run(input: Parameters<typeof change.mutateAsync>[0], title: string): Promise<Errors> {
    props.onNotice(null);
    try {
      await change.mutateAsync(input);
      props.onNotice({ tone: 'success', title });
      return {};
    } catch (error) {
      props.onNotice(failureOf(error));
      const fields = fieldErrorsOf(error);
      return Object.keys(fields).length > 0 ? fields : { form: failureOf(error)?.title ?? '' };
    }
  }

  return (
    <>
      {confirm.element}
      <p className="muted small">
        Categories group a type's games in the lobby's menu (the live casino's Baccarat, Roulette …). A game
        joins one in its editor; a category shows in the lobby once a visible game is in it.
      </p>
      {props.canWrite && !isAdding && (
        <div className="toolbar">
          <button className="button button--primary" type="button" onClick={() => setIsAdding(true)}>
            New category
          </button>
        </div>
      )}
      {isAdding && (
        <GroupForm
          title="New category"
          withKey
          initial={{ key: '', TY: '', EN: '', sortOrder: String(groups.data?.length ?? 0) }}
          isSaving={change.isPending}
          onCancel={() => setIsAdding(false)}
          onSubmit={async (draft) => {
            const errors = await run(
              {
                kind: 'create',
                merchantId: props.merchantId,
                group: { key: draft.key, ...namesAndOrderOf(draft) },
              },
              `Category ${draft.key} added.`,
            );
            if (Object.keys(errors).length === 0) setIsAdding(false);
            return errors;
          }}
        />
      )}
      <QueryTable
        query={groups}
        rows={groups.data ?? []}
        testId="classify-table"
        headings={['Key', 'Tagalog', 'English', numberHeading('Order'), numberHeading('Games'), 'Actions']}
        renderRow={(group) =>
          editingId === group.id ? (
            <tr className="table__row--open">
              <td colSpan={6}>
                <GroupForm
                  title={`Rename ${group.key}`}
                  withKey={false}
                  initial={{
                    key: group.key,
                    TY: group.names.TY ?? '',
                    EN: group.names.EN ?? '',
                    sortOrder: String(group.sortOrder),
                  }}
                  isSaving={change.isPending}
                  onCancel={() => setEditingId(null)}
                  onSubmit={async (draft) => {
                    const errors = await run(
                      {
                        kind: 'update',
                        id: group.id,
                        change: namesAndOrderOf(draft),
                      },
                      `Category ${group.key} saved.`,
                    );
                    if (Object.keys(errors).length === 0) setEditingId(null);
                    return errors;
                  }}
                />
              </td>
            </tr>
          ) : (
            <GroupRow
              group={group}
              canWrite={props.canWrite}
              isBusy={change.isPending}
              onEdit={() => setEditingId(group.id)}
              onDelete={() =>
                confirm.ask({
                  title: `Delete the category ${group.key}?`,
                  confirmLabel: 'Delete',
                  tone: 'danger',
                  facts: [
                    ['Category', `${group.names.EN || group.names.TY} (${group.key})`],
                    ['Effect', 'Players no longer see it in the lobby; it holds no games.'],
                  ],
                  run: () => change.mutateAsync({ kind: 'delete', id: group.id }),
                  doneText: `Category ${group.key} deleted.`,
                })
              }
            />
          )
        }
        empty={
          <EmptyState title="No categories yet.">Add one, then put games in it from their editor.</EmptyState>
        }
      />
    </>
  );
}

function GroupRow(props: {
  group: ClassifyGroup;
  canWrite: boolean;
  isBusy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { group } = props;
  return (
    <tr>
      <td className="mono">{group.key}</td>
      <td lang="fil">{group.names.TY}</td>
      <td>{group.names.EN}</td>
      <td className="number">{group.sortOrder}</td>
      <td className="number">{group.games}</td>
      <td className="row-actions">
        {props.canWrite && (
          <>
            <button className="button button--quiet button--small" type="button" onClick={props.onEdit}>
              Rename or reorder
            </button>
            <button
              className="button button--danger button--small"
              type="button"
              disabled={props.isBusy || group.games > 0}
              title={group.games > 0 ? 'Only a category without games can be deleted' : undefined}
              onClick={props.onDelete}
            >
              Delete
            </button>
          </>
        )}
      </td>
    </tr>
  );
}

function GroupForm(props: {
  title: string;
  withKey: boolean;
  initial: Draft;
  isSaving: boolean;
  onCancel: () => void;
  onSubmit: (draft: Draft) => Promise<Errors>;
}) {
  const [draft, setDraft] = useState(props.initial);
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof Draft, value: string) => setDraft((current) => ({ ...current, [key]: value }));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = checkDraft(draft, props.withKey);
    setErrors(found);
    if (Object.keys(found).length === 0) setErrors(await props.onSubmit(draft));
  }

  const input = (
    key: keyof Draft,
    label: string,
    extra: { maxLength?: number; inputMode?: 'numeric' } = {},
  ) => {
    const errorKey = key === 'TY' || key === 'EN' ? `names.${key}` : key;
    return (
      <label className="field">
        <span className="field__label">{label}</span>
        <input
          value={draft[key]}
          {...extra}
          aria-invalid={errors[errorKey] ? true : undefined}
          onChange={(event) =>
            set(key, key === 'key' ? event.target.value.toUpperCase() : event.target.value)
          }
        />
        {errors[errorKey] && <span className="field__error">{errors[errorKey]}</span>}
      </label>
    );
  };

  return (
    <form className="panel form-grid" onSubmit={handleSubmit} noValidate aria-label={props.title}>
      <div className="panel__heading">
        <h2>{props.title}</h2>
      </div>
      {props.withKey && input('key', 'Key', { maxLength: 32 })}
      {input('TY', 'Name in Tagalog', { maxLength: CLASSIFY_NAME_LENGTH_MAX })}
      {input('EN', 'Name in English', { maxLength: CLASSIFY_NAME_LENGTH_MAX })}
      {input('sortOrder', 'Order (lower first)', { inputMode: 'numeric' })}
      {errors.form && (
        <div className="alert alert--danger" role="alert">
          {errors.form}
        </div>
      )}
      <div className="form-grid__actions">
        <button className="button button--quiet" type="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button className="button button--primary" type="submit" disabled={props.isSaving}>
          Save
        </button>
      </div>
    </form>
  );
}
