import { type FormEvent, type ReactNode, useState } from 'react';
import { ChoiceChips } from '../../components/choice-chips.tsx';
import { type Heading, QueryTable, type usePagedFilter } from '../../components/query-table.tsx';
import { BackOfficeError } from '../../lib/back-office-api.ts';

export type StatusChoice<Status> = { id: Status; label: string };

/** The label of a status among a queue's choices. */
export const labelOf = <Status,>(choices: readonly StatusChoice<Status>[], status: Status) =>
  choices.find((choice) => choice.id === status)?.label;

type QueuePage<Row> = { list: Row[]; total: number; totalPages: number };

/** A money queue (deposits, withdrawals): its status chips, one page of its table, and the pager. */
export function QueueTable<Status extends string, Row extends { id: string }>(props: {
  label: string;
  choices: readonly StatusChoice<Status>[];
  position: ReturnType<typeof usePagedFilter<Status>>;
  query: {
    isError: boolean;
    error: unknown;
    isPending: boolean;
    refetch: () => unknown;
    data?: QueuePage<Row>;
  };
  headings: readonly Heading[];
  renderRow: (row: Row) => ReactNode;
  empty: ReactNode;
  testId: string;
}) {
  const { position, query } = props;
  return (
    <>
      <ChoiceChips
        label={props.label}
        choices={props.choices.map(({ id, label }) => [id, label] as const)}
        value={position.filter}
        onChange={position.choose}
      />
      <QueryTable
        query={query}
        rows={query.data?.list ?? []}
        headings={props.headings}
        renderRow={props.renderRow}
        empty={props.empty}
        testId={props.testId}
        paging={{ page: position.page, onPage: position.setPage, found: query.data }}
      />
    </>
  );
}

/** What to tell the operator when a decision failed: the server's words, else that it failed. */
export function failureTextOf(error: unknown): string | null {
  if (error instanceof BackOfficeError) return error.message;
  return error ? 'The request failed.' : null;
}

/**
 * A one-line note sent with a decision on a row (the reason a player sees, a case's resolution),
 * sent once it has at least `noteLengthMin` characters besides spaces.
 */
export function NoteForm(props: {
  label: string;
  noteLabel: string;
  placeholder: string;
  submitLabel: string;
  submitTone: 'danger' | 'primary';
  noteLengthMin?: number;
  isPending: boolean;
  error: string | null;
  onSubmit: (note: string) => void;
  onCancel?: () => void;
}) {
  const [note, setNote] = useState('');
  const noteLengthMin = props.noteLengthMin ?? 1;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim().length >= noteLengthMin) props.onSubmit(note.trim());
  };
  return (
    <form className="row-actions" onSubmit={submit} aria-label={props.label}>
      <input
        aria-label={props.noteLabel}
        placeholder={props.placeholder}
        minLength={props.noteLengthMin}
        maxLength={300}
        required
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <button
        type="submit"
        className={`button button--small button--${props.submitTone}`}
        disabled={props.isPending || note.trim().length < noteLengthMin}
      >
        {props.submitLabel}
      </button>
      {props.onCancel && (
        <button type="button" className="button button--small button--quiet" onClick={props.onCancel}>
          Cancel
        </button>
      )}
      {props.error && <span className="cell-note small alert--danger">{props.error}</span>}
    </form>
  );
}
