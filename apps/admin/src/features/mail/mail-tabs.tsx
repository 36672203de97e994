import { type FormEvent, useState } from 'react';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { Check, Field, LocalizedFields } from '../../components/editor-fields.tsx';
import { useFormSave } from '../../components/form-save.ts';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable, usePagedFilter } from '../../components/query-table.tsx';
import { failureNotice, type Notice } from '../../components/row-editor.tsx';
import { formatDateTime } from '../../lib/format.ts';
import {
  type MailRow,
  type MailStatus,
  type TemplateRow,
  useMailCancel,
  useMailSend,
  useMails,
  useTemplatePreview,
  useTemplateReset,
  useTemplateSave,
  useTemplates,
} from './mail-api.ts';
import {
  accountsOf,
  emptyMailForm,
  MAIL_BODY_LENGTH_MAX,
  MAIL_TITLE_LENGTH_MAX,
  type MailForm,
  readMailForm,
} from './mail-form.ts';

const STATUS_LABELS: Record<MailStatus, string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};
const STATUS_BADGES: Record<MailStatus, string> = {
  scheduled: 'badge badge--brand',
  sending: 'badge badge--brand',
  sent: 'badge badge--success',
  cancelled: 'badge badge--danger',
};

function audienceWords(mail: MailRow): string {
  if (mail.audience === 'vip') return `VIP rank ${mail.vipRank}`;
  if (mail.audience === 'team') return 'An agent’s team';
  if (mail.audience === 'member') return mail.accounts[0] ?? '';
  return `${mail.accounts.length} accounts`;
}

/** The compose form: kind, audience, title and body in TY and EN, now or at a time. */
function MailComposer(props: { merchantId: string; onDone: (notice: Notice) => void; onClose: () => void }) {
  const send = useMailSend();
  const [form, setForm] = useState<MailForm>(emptyMailForm);
  const { errors, submit, clear } = useFormSave({
    read: () => readMailForm(form, props.merchantId),
    send: (body) => send.mutateAsync(body),
    onNotice: props.onDone,
    savedTitle: form.isScheduled ? 'Mail scheduled.' : 'Mail sent.',
  });
  const set = <Key extends keyof MailForm>(key: Key, value: MailForm[Key], fields: string[] = [key]) => {
    setForm({ ...form, [key]: value });
    clear(fields);
  };
  const pasted = form.audience === 'accounts' ? accountsOf(form.accounts).length : 0;

  return (
    <form
      className="editor"
      aria-label="New mail"
      data-testid="mail-composer"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field
        label="Kind"
        name="kind"
        errors={errors}
        hint="Promotional mail only reaches members who may receive promotions; service mail reaches everyone."
      >
        <select value={form.kind} onChange={(event) => set('kind', event.target.value as MailForm['kind'])}>
          <option value="service">Service</option>
          <option value="promotional">Promotional</option>
        </select>
      </Field>
      <Field label="To" name="audience" errors={errors}>
        <select
          value={form.audience}
          onChange={(event) => set('audience', event.target.value as MailForm['audience'])}
        >
          <option value="member">One member</option>
          <option value="accounts">A list of accounts</option>
          <option value="vip">A VIP level</option>
          <option value="team">An agent’s team</option>
        </select>
      </Field>
      {form.audience === 'member' && (
        <Field label="Account" name="account" errors={errors}>
          <input
            value={form.account}
            maxLength={64}
            onChange={(event) => set('account', event.target.value)}
          />
        </Field>
      )}
      {form.audience === 'accounts' && (
        <Field
          label="Accounts"
          name="accounts"
          errors={errors}
          hint={`One a line, or separated by commas; at most 1000. ${pasted} named.`}
        >
          <textarea
            rows={4}
            value={form.accounts}
            onChange={(event) => set('accounts', event.target.value)}
          />
        </Field>
      )}
      {form.audience === 'vip' && (
        <Field
          label="VIP rank"
          name="vipRank"
          errors={errors}
          hint="Every member holding this rank when it goes."
        >
          <input
            inputMode="numeric"
            value={form.vipRank}
            onChange={(event) => set('vipRank', event.target.value)}
          />
        </Field>
      )}
      {form.audience === 'team' && (
        <Field
          label="Agent account"
          name="agentAccount"
          errors={errors}
          hint="Every member below the agent in the tree when it goes, not the agent."
        >
          <input
            value={form.agentAccount}
            maxLength={64}
            onChange={(event) => set('agentAccount', event.target.value)}
          />
        </Field>
      )}
      <LocalizedFields
        label="Title"
        name="titles"
        value={form.titles}
        maxLength={MAIL_TITLE_LENGTH_MAX}
        errors={errors}
        onChange={(titles) => set('titles', titles, ['titles.TY', 'titles.EN'])}
      />
      <LocalizedFields
        label="Message"
        name="bodies"
        value={form.bodies}
        maxLength={MAIL_BODY_LENGTH_MAX}
        errors={errors}
        isHtml
        onChange={(bodies) => set('bodies', bodies, ['bodies.TY', 'bodies.EN'])}
      />
      <Check isOn={form.isScheduled} onChange={(isOn) => set('isScheduled', isOn, ['sendAt'])}>
        Send later
      </Check>
      {form.isScheduled && (
        <Field
          label="Send at"
          name="sendAt"
          errors={errors}
          hint="Within 90 days; you can cancel it until then."
        >
          <input
            type="datetime-local"
            value={form.sendAt}
            onChange={(event) => set('sendAt', event.target.value)}
          />
        </Field>
      )}
      <div className="toolbar">
        <button className="button" type="submit" disabled={send.isPending}>
          {form.isScheduled ? 'Schedule the mail' : 'Send now'}
        </button>
        <button className="button button--quiet" type="button" onClick={props.onClose}>
          Close
        </button>
      </div>
    </form>
  );
}

/**
 * Mail sent and scheduled, latest first, with the members each reached and how many read it
 * (messages.write to write one and cancel one before it goes, audited on the server).
 */
export function MailTab(props: {
  merchantId: string;
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
}) {
  const search = usePagedFilter(null);
  const mails = useMails({ merchantId: props.merchantId, page: search.page });
  const cancel = useMailCancel();
  const confirm = useConfirmedAction();
  const [isComposing, setIsComposing] = useState(false);
  const done = (notice: Notice) => {
    props.onNotice(notice);
    if (notice?.tone === 'success') setIsComposing(false);
  };
  const askCancel = (mail: MailRow) =>
    confirm.ask({
      title: `Cancel “${mail.titles.EN}”?`,
      confirmLabel: 'Cancel the mail',
      tone: 'danger',
      facts: [
        ['Goes at', formatDateTime(mail.sendAt)],
        ['To', audienceWords(mail)],
        ['Audit', 'The cancellation is recorded with your name.'],
      ],
      run: async () => {
        await cancel.mutateAsync(mail.id);
      },
    });
  return (
    <section aria-label="Mail">
      {confirm.element}
      {props.canWrite && !isComposing && (
        <div className="toolbar">
          <button className="button" type="button" onClick={() => setIsComposing(true)}>
            New mail
          </button>
        </div>
      )}
      {isComposing && (
        <MailComposer merchantId={props.merchantId} onDone={done} onClose={() => setIsComposing(false)} />
      )}
      <QueryTable
        query={mails}
        rows={mails.data?.list ?? []}
        headings={[
          'Mail',
          'Kind',
          'To',
          'Goes at',
          numberHeading('Reached'),
          numberHeading('Read'),
          'Status',
          { ariaLabel: 'Actions' },
        ]}
        testId="mail-list"
        renderRow={(mail) => (
          <tr>
            <td>
              {mail.titles.EN}
              <div className="muted small">{mail.titles.TY}</div>
            </td>
            <td className="small">{mail.kind === 'service' ? 'Service' : 'Promotional'}</td>
            <td className="small">{audienceWords(mail)}</td>
            <td className="small nowrap">{formatDateTime(mail.sendAt)}</td>
            <td className="number mono">{mail.delivered}</td>
            <td className="number mono">{mail.read}</td>
            <td>
              <span className={STATUS_BADGES[mail.status]}>{STATUS_LABELS[mail.status]}</span>
            </td>
            <td className="nowrap">
              {props.canWrite && mail.status === 'scheduled' && (
                <button
                  className="button button--quiet"
                  type="button"
                  disabled={confirm.isSending}
                  onClick={() => askCancel(mail)}
                >
                  Cancel
                </button>
              )}
            </td>
          </tr>
        )}
        empty={<EmptyState title="No mail yet." />}
        paging={{ page: search.page, onPage: search.setPage, found: mails.data }}
      />
    </section>
  );
}

/** One system message in one language: its wording, the placeholders it may use, preview and reset. */
function TemplateEditor(props: {
  merchantId: string;
  template: TemplateRow;
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
  onClose: () => void;
}) {
  const { template } = props;
  const key = { merchantId: props.merchantId, kind: template.kind, language: template.language };
  const [text, setText] = useState(template.custom ?? template.builtIn);
  const save = useTemplateSave();
  const reset = useTemplateReset();
  const preview = useTemplatePreview();
  const { errors, submit, clear } = useFormSave({
    read: () => ({ body: { ...key, title: text.title, body: text.body } }),
    send: (body) => save.mutateAsync(body),
    onNotice: props.onNotice,
    savedTitle: 'Template saved.',
    onSaved: props.onClose,
  });
  const change = (field: 'title' | 'body', value: string) => {
    setText({ ...text, [field]: value });
    clear([field]);
    preview.reset();
  };
  return (
    <form
      className="editor"
      aria-label={`Template ${template.kind} (${template.language})`}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="muted small">
        Placeholders this message fills in:{' '}
        {template.placeholders.map((name) => (
          <code key={name} className="mono">
            {`{${name}} `}
          </code>
        ))}
      </p>
      <Field label="Title" name="title" errors={errors}>
        <input
          value={text.title}
          maxLength={120}
          readOnly={!props.canWrite}
          onChange={(event) => change('title', event.target.value)}
        />
      </Field>
      <Field label="Message" name="body" errors={errors} hint="Plain text.">
        <textarea
          rows={4}
          value={text.body}
          maxLength={1000}
          readOnly={!props.canWrite}
          onChange={(event) => change('body', event.target.value)}
        />
      </Field>
      {preview.data && (
        <div className="editor-preview" data-testid="template-preview">
          <strong>{preview.data.title}</strong>
          <p>{preview.data.body}</p>
        </div>
      )}
      <div className="toolbar">
        {props.canWrite && (
          <button className="button" type="submit" disabled={save.isPending}>
            Save
          </button>
        )}
        <button
          className="button button--quiet"
          type="button"
          disabled={preview.isPending}
          onClick={() =>
            preview.mutate({ ...key, ...text }, { onError: (error) => props.onNotice(failureNotice(error)) })
          }
        >
          Preview
        </button>
        {props.canWrite && template.custom && (
          <button
            className="button button--quiet"
            type="button"
            disabled={reset.isPending}
            onClick={() =>
              reset.mutate(key, {
                onSuccess: () => {
                  props.onNotice({ tone: 'success', title: 'Back to the built-in wording.' });
                  props.onClose();
                },
                onError: (error) => props.onNotice(failureNotice(error)),
              })
            }
          >
            Reset to default
          </button>
        )}
        <button className="button button--quiet" type="button" onClick={props.onClose}>
          Close
        </button>
      </div>
    </form>
  );
}

/** The system messages (spec §3 "Message templates"), each in TY and EN: built-in or the merchant's own. */
export function TemplatesTab(props: {
  merchantId: string;
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
}) {
  const templates = useTemplates(props.merchantId);
  const [open, setOpen] = useState<TemplateRow | null>(null);
  const rows = (templates.data?.list ?? []).map((row) => ({ ...row, id: `${row.kind}:${row.language}` }));
  return (
    <section aria-label="Message templates">
      {open && (
        <TemplateEditor
          key={`${open.kind}:${open.language}`}
          merchantId={props.merchantId}
          template={open}
          canWrite={props.canWrite}
          onNotice={props.onNotice}
          onClose={() => setOpen(null)}
        />
      )}
      <QueryTable
        query={templates}
        rows={rows}
        headings={['Message', 'Language', 'Title', 'Wording', { ariaLabel: 'Actions' }]}
        testId="message-templates"
        renderRow={(row) => (
          <tr>
            <td className="mono small">{row.kind}</td>
            <td className="small">{row.language}</td>
            <td>{(row.custom ?? row.builtIn).title}</td>
            <td className="small">
              {row.custom ? (
                <span className="badge badge--brand">Own</span>
              ) : (
                <span className="badge">Built-in</span>
              )}
            </td>
            <td>
              <button className="button button--quiet" type="button" onClick={() => setOpen(row)}>
                {props.canWrite ? 'Edit' : 'Open'}
              </button>
            </td>
          </tr>
        )}
        empty={<EmptyState title="No system messages." />}
      />
    </section>
  );
}
