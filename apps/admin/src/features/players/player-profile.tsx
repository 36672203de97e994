import { type FormEvent, useState } from 'react';
import { Field, FieldError } from '../../components/editor-fields.tsx';
import { useFormSave } from '../../components/form-save.ts';
import { ChangeNotice } from '../../components/merchant-picker.tsx';
import { ErrorState } from '../../components/query-state.tsx';
import type { Notice } from '../../components/row-editor.tsx';
import { NOT_SET } from '../../lib/format.ts';
import { labelOfCode, PROFILE_FIELD_LABELS } from '../../lib/labels.ts';
import { type PlayerProfile, usePlayerProfile, useSavePlayerProfile } from './player-profile-api.ts';
import {
  PLAIN_PROFILE_FIELDS,
  type PlainProfileField,
  type ProfileForm,
  profileFormOf,
  readProfileForm,
} from './player-profile-form.ts';

const LOCKED_HINT = 'Locked for the player after registration; you may still change it.';

/**
 * A player's profile fields on the player page (docs/security.md "Profile"): the values the
 * security centre shows, with the fields the merchant locked after registration marked. Operators
 * who may (players.write) edit them with the register rules' checks, locked ones too; a new email
 * address or mobile number needs no code and is kept as not verified. Each change is in the
 * player's profile changes and the audit log, naming the operator.
 */
export function PlayerProfilePanel(props: { player: { id: string; account: string }; canWrite: boolean }) {
  const { player } = props;
  const profile = usePlayerProfile(player.id);
  const [isEditing, setIsEditing] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  return (
    <section aria-label={`Profile of ${player.account}`} data-testid="player-profile">
      <div className="panel__heading">
        <h3>Profile</h3>
        {props.canWrite && profile.isSuccess && !isEditing && (
          <button
            type="button"
            className="button button--quiet button--small"
            aria-label={`Edit the profile of ${player.account}`}
            onClick={() => {
              setNotice(null);
              setIsEditing(true);
            }}
          >
            Edit
          </button>
        )}
      </div>
      <ChangeNotice notice={notice} />
      {profile.isError ? (
        <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
      ) : profile.isPending ? (
        <p className="muted">Loading the profile…</p>
      ) : isEditing ? (
        <ProfileEditor
          player={player}
          profile={profile.data}
          onNotice={setNotice}
          onClose={() => setIsEditing(false)}
        />
      ) : (
        <ProfileFacts profile={profile.data} />
      )}
    </section>
  );
}

function ProfileFacts({ profile }: { profile: PlayerProfile }) {
  const { values, rules } = profile;
  const verified = (isVerified: boolean) => (
    <span className="muted small"> {isVerified ? '(verified)' : '(not verified)'}</span>
  );
  return (
    <dl className="facts" data-testid="player-profile-facts">
      {PLAIN_PROFILE_FIELDS.map((field) => (
        <div key={field} className="facts__line">
          <dt>{labelOfCode(PROFILE_FIELD_LABELS, field)}</dt>
          <dd>
            {values[field] ?? <span className="muted">{NOT_SET}</span>}
            {rules[field].locked && <LockedBadge />}
          </dd>
        </div>
      ))}
      <dt>{labelOfCode(PROFILE_FIELD_LABELS, 'email')}</dt>
      <dd>
        {values.email ? (
          <>
            {values.email}
            {verified(values.emailVerified)}
          </>
        ) : (
          <span className="muted">{NOT_SET}</span>
        )}
        {rules.email.locked && <LockedBadge />}
      </dd>
      <dt>{labelOfCode(PROFILE_FIELD_LABELS, 'mobile')}</dt>
      <dd>
        {values.mobile ? (
          <>
            <span className="mono">
              {values.mobile.dialingCode} {values.mobile.nationalNumber}
            </span>
            {verified(values.mobileVerified)}
          </>
        ) : (
          <span className="muted">{NOT_SET}</span>
        )}
        {rules.mobileNum.locked && <LockedBadge />}
      </dd>
    </dl>
  );
}

function LockedBadge() {
  return (
    <>
      {' '}
      <span className="badge" title="The player cannot change it in the security centre">
        locked after registration
      </span>
    </>
  );
}

function ProfileEditor(props: {
  player: { id: string; account: string };
  profile: PlayerProfile;
  onNotice: (notice: Notice) => void;
  onClose: () => void;
}) {
  const save = useSavePlayerProfile();
  const { rules } = props.profile;
  const [form, setForm] = useState<ProfileForm>(() => profileFormOf(props.profile.values));
  const { errors, submit, clear } = useFormSave({
    read: () => readProfileForm(form, props.profile),
    send: (body) => save.mutateAsync({ playerId: props.player.id, body }),
    onNotice: props.onNotice,
    savedTitle: `Profile of ${props.player.account} saved.`,
    onSaved: props.onClose,
  });
  const set = (field: keyof ProfileForm, value: string) => {
    setForm({ ...form, [field]: value });
    clear([field, 'form']);
  };
  const hintOf = (field: PlainProfileField | 'email' | 'mobileNum') =>
    rules[field].locked ? LOCKED_HINT : undefined;
  const inputProps = (field: PlainProfileField | 'email') => ({
    value: form[field],
    maxLength: 255,
    'aria-invalid': errors[field] ? true : undefined,
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  return (
    <form
      className="form-grid panel player-profile-form"
      aria-label={`Edit the profile of ${props.player.account}`}
      data-testid="player-profile-form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit();
      }}
    >
      {PLAIN_PROFILE_FIELDS.map((field) => (
        <Field
          key={field}
          label={labelOfCode(PROFILE_FIELD_LABELS, field)}
          name={field}
          errors={errors}
          hint={
            field === 'birthday'
              ? [hintOf(field), 'The player sets it once; you may correct it.'].filter(Boolean).join(' ')
              : hintOf(field)
          }
        >
          <input type={field === 'birthday' ? 'date' : 'text'} {...inputProps(field)} />
        </Field>
      ))}
      <Field
        label={labelOfCode(PROFILE_FIELD_LABELS, 'email')}
        name="email"
        errors={errors}
        hint={hintOf('email') ?? 'No code is sent; a new address is kept as not verified.'}
      >
        <input type="email" {...inputProps('email')} />
      </Field>
      <Field label="Dialing code" name="countryDialingCode" errors={errors}>
        <input
          value={form.countryDialingCode}
          maxLength={6}
          inputMode="tel"
          onChange={(event) => set('countryDialingCode', event.target.value)}
        />
      </Field>
      <Field
        label={labelOfCode(PROFILE_FIELD_LABELS, 'mobile')}
        name="mobileNum"
        errors={errors}
        hint={hintOf('mobileNum') ?? 'No code is sent; a new number is kept as not verified.'}
      >
        <input
          value={form.mobileNum}
          maxLength={20}
          inputMode="tel"
          aria-invalid={errors.mobileNum ? true : undefined}
          onChange={(event) => set('mobileNum', event.target.value)}
        />
      </Field>
      <div className="form-grid__actions">
        <FieldError errors={errors} name="form" />
        <button
          className="button button--quiet"
          type="button"
          onClick={props.onClose}
          disabled={save.isPending}
        >
          Cancel
        </button>
        <button className="button button--primary" type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save profile'}
        </button>
      </div>
    </form>
  );
}
