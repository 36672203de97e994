import { X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Check } from '../../components/editor-fields.tsx';
import { GAME_TYPE_LABELS, labelOfCode } from '../../lib/labels.ts';
import {
  BET_LIMITS_DEFAULT,
  type BetLimits,
  type ClassifyGroup,
  GAME_NAME_LENGTH_MAX,
  type Game,
  type GameChange,
  type GameStatus,
  ICON_BYTES_MAX,
  SORT_ORDER_MAX,
  useGameChange,
  useGameIconUpload,
} from './games-api.ts';
import { failureOf, fieldErrorsOf, fieldReasonsOf } from './notice.ts';
import { STATUS_LABELS } from './status-chip.tsx';

type Errors = Record<string, string>;
const LANGUAGES = [
  ['TY', 'Name in Tagalog'],
  ['EN', 'Name in English'],
] as const;

/** What the form holds, checked here as the server checks it, so that errors show before sending. */
function checkForm(form: { TY: string; EN: string; sortOrder: string }): Errors {
  const errors: Errors = {};
  for (const [language] of LANGUAGES) {
    const name = form[language].trim();
    if (name === '') errors[`names.${language}`] = 'Enter a name.';
    else if (name.length > GAME_NAME_LENGTH_MAX)
      errors[`names.${language}`] = `At most ${GAME_NAME_LENGTH_MAX} characters.`;
  }
  const order = Number(form.sortOrder);
  if (!/^\d+$/.test(form.sortOrder) || order > SORT_ORDER_MAX) {
    errors.sortOrder = `A whole number from 0 to ${SORT_ORDER_MAX}.`;
  }
  return errors;
}

const MONEY_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;
const LIMIT_FIELDS = [
  ['minStake', 'Minimum stake per bet'],
  ['maxStake', 'Maximum stake per bet'],
  ['maxWin', 'Maximum win per round'],
] as const;

/** "1,250.5" → 125050 centavos; null when it is not an amount. */
function centavosOf(text: string): bigint | null {
  const plain = text.replaceAll(',', '').trim();
  if (!MONEY_PATTERN.test(plain)) return null;
  const [whole, fraction = ''] = plain.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** The limits as the wire wants them ("1250.50"), or the errors under each field. */
function checkLimits(limits: BetLimits): { value: BetLimits } | { errors: Errors } {
  const errors: Errors = {};
  const amounts: Partial<Record<keyof BetLimits, bigint>> = {};
  for (const [key] of LIMIT_FIELDS) {
    const centavos = centavosOf(limits[key]);
    if (centavos === null) errors[`betLimits.${key}`] = 'An amount such as 100 or 100.50.';
    else if (centavos <= 0n) errors[`betLimits.${key}`] = 'More than zero.';
    else amounts[key] = centavos;
  }
  if (
    amounts.minStake !== undefined &&
    amounts.maxStake !== undefined &&
    amounts.minStake > amounts.maxStake
  ) {
    errors['betLimits.maxStake'] = 'At least the minimum stake.';
  }
  if (Object.keys(errors).length > 0) return { errors };
  const wire = (centavos: bigint) => `${centavos / 100n}.${String(centavos % 100n).padStart(2, '0')}`;
  return {
    value: {
      minStake: wire(amounts.minStake!),
      maxStake: wire(amounts.maxStake!),
      maxWin: wire(amounts.maxWin!),
    },
  };
}

/** The server's reason for a limit it refused, as an operator reads it; else the server's message. */
function limitProblem(code: string, message: string): string {
  switch (code) {
    case 'format':
      return 'An amount such as 100 or 100.50.';
    case 'positive':
      return 'More than zero.';
    case 'belowMin':
      return 'At least the minimum stake.';
    case 'inHouseOnly':
      return 'Only our own games have bet limits here; a vendor sets its own.';
    default:
      return message;
  }
}

/**
 * A game's edit drawer: names per language, icon upload with a preview, hot flag, order, status,
 * demo offer and category. Errors show under their field; the icon is saved as soon as it is
 * chosen (the server re-encodes it), the rest with Save.
 */
export function GameEditor(props: {
  game: Game;
  groups: readonly ClassifyGroup[];
  canWrite: boolean;
  onClose: () => void;
  onSaved: (game: Game, title: string) => void;
}) {
  const { game } = props;
  const change = useGameChange();
  const upload = useGameIconUpload();
  const [form, setForm] = useState({
    TY: game.names.TY ?? '',
    EN: game.names.EN ?? '',
    sortOrder: String(game.sortOrder),
    status: game.status,
    isHot: game.isHot,
    offersDemo: game.supportPlay === 0,
    classify: game.classify ?? '',
  });
  const [limits, setLimits] = useState<BetLimits>(() => ({
    minStake: game.betLimits?.minStake ?? BET_LIMITS_DEFAULT.minStake,
    maxStake: game.betLimits?.maxStake ?? BET_LIMITS_DEFAULT.maxStake,
    maxWin: game.betLimits?.maxWin ?? BET_LIMITS_DEFAULT.maxWin,
  }));
  const [usesDefaultLimits, setUsesDefaultLimits] = useState(game.betLimits?.isDefault ?? true);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [iconUrl, setIconUrl] = useState(game.iconUrl);
  const readOnly = !props.canWrite;

  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') props.onClose();
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [props.onClose]);

  const set = <Key extends keyof typeof form>(key: Key, value: (typeof form)[Key]) =>
    setForm((current) => ({ ...current, [key]: value }));

  async function handleIcon(file: File | undefined) {
    if (!file) return;
    setErrors(({ file: _file, ...rest }) => rest);
    if (file.size > ICON_BYTES_MAX) {
      setErrors((current) => ({ ...current, file: 'The file is larger than 2 MB.' }));
      return;
    }
    try {
      const saved = await upload.mutateAsync({ id: game.id, file });
      setIconUrl(saved.iconUrl);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const reasons = fieldReasonsOf(error);
      setErrors((current) => ({
        ...current,
        file: fields.file
          ? iconProblem(reasons.file, fields.file)
          : (failureOf(error)?.title ?? 'The upload failed.'),
      }));
    }
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found = checkForm(form);
    const checkedLimits = game.betLimits && !usesDefaultLimits ? checkLimits(limits) : null;
    if (checkedLimits && 'errors' in checkedLimits) Object.assign(found, checkedLimits.errors);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // Limits are sent only when they change, so a save of the names alone leaves them as they are.
    let betLimits: BetLimits | null | undefined;
    if (game.betLimits) {
      if (usesDefaultLimits) betLimits = game.betLimits.isDefault ? undefined : null;
      else if (checkedLimits && 'value' in checkedLimits) {
        const { value } = checkedLimits;
        const same =
          !game.betLimits.isDefault &&
          value.minStake === game.betLimits.minStake &&
          value.maxStake === game.betLimits.maxStake &&
          value.maxWin === game.betLimits.maxWin;
        betLimits = same ? undefined : value;
      }
    }
    const body: GameChange = {
      names: { TY: form.TY.trim(), EN: form.EN.trim() },
      status: form.status,
      isHot: form.isHot,
      sortOrder: Number(form.sortOrder),
      supportPlay: form.offersDemo ? 0 : 1,
      classify: form.classify === '' ? null : form.classify,
      ...(betLimits !== undefined ? { betLimits } : {}),
    };
    try {
      const saved = await change.mutateAsync({ id: game.id, change: body });
      props.onSaved(saved, 'saved.');
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const reasons = fieldReasonsOf(error);
      for (const [field, message] of Object.entries(fields)) {
        if (field.startsWith('betLimits')) fields[field] = limitProblem(reasons[field] ?? '', message);
      }
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(failureOf(error)?.title ?? 'The change failed.');
    }
  }

  return (
    <div className="drawer-backdrop">
      <aside className="drawer" role="dialog" aria-modal="true" aria-labelledby="game-editor-title">
        <header className="drawer__header">
          <div>
            <h2 id="game-editor-title">{game.names.EN || game.gameCode}</h2>
            <span className="muted small mono">
              {game.nodeId} · {game.vendorName} · {labelOfCode(GAME_TYPE_LABELS, game.gameType)}
            </span>
          </div>
          <button className="icon-button" type="button" aria-label="Close" onClick={props.onClose}>
            <X size={18} />
          </button>
        </header>
        <form className="drawer__body" onSubmit={handleSubmit} noValidate aria-label="Edit game">
          <div className="icon-field">
            {iconUrl ? (
              <img className="icon-field__preview" src={iconUrl} alt="Game icon" data-testid="icon-preview" />
            ) : (
              <span className="icon-field__preview icon-field__preview--empty">No icon</span>
            )}
            <Field
              id="game-icon"
              label="Icon (PNG, JPEG or WebP, at most 2 MB; square works best)"
              error={errors.file}
            >
              <input
                id="game-icon"
                type="file"
                accept="image/png,image/jpeg,image/webp"
                disabled={readOnly || upload.isPending}
                aria-invalid={errors.file ? true : undefined}
                onChange={(event) => void handleIcon(event.target.files?.[0])}
              />
            </Field>
            {upload.isPending && <span className="muted small">Uploading…</span>}
          </div>
          {LANGUAGES.map(([language, label]) => (
            <Field
              key={language}
              id={`game-name-${language}`}
              label={label}
              error={errors[`names.${language}`]}
            >
              <input
                id={`game-name-${language}`}
                value={form[language]}
                maxLength={GAME_NAME_LENGTH_MAX}
                disabled={readOnly}
                lang={language === 'TY' ? 'fil' : 'en'}
                aria-invalid={errors[`names.${language}`] ? true : undefined}
                onChange={(event) => set(language, event.target.value)}
              />
            </Field>
          ))}
          <div className="drawer__row">
            <Field id="game-status" label="Status" error={errors.status}>
              <select
                id="game-status"
                value={form.status}
                disabled={readOnly}
                onChange={(event) => set('status', event.target.value as GameStatus)}
              >
                {(['active', 'maintenance', 'hidden'] as const).map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="game-order" label="Order (lower first)" error={errors.sortOrder}>
              <input
                id="game-order"
                inputMode="numeric"
                value={form.sortOrder}
                disabled={readOnly}
                aria-invalid={errors.sortOrder ? true : undefined}
                onChange={(event) => set('sortOrder', event.target.value.trim())}
              />
            </Field>
          </div>
          <Field id="game-classify" label="Category" error={errors.classify}>
            <select
              id="game-classify"
              value={form.classify}
              disabled={readOnly}
              onChange={(event) => set('classify', event.target.value)}
            >
              <option value="">None</option>
              {props.groups.map((group) => (
                <option key={group.id} value={group.key}>
                  {group.names.EN ?? group.key} ({group.key})
                </option>
              ))}
            </select>
          </Field>
          <Check isOn={form.isHot} isDisabled={readOnly} onChange={(isOn) => set('isHot', isOn)}>
            Hot: listed under HOT in the lobby
          </Check>
          <Check isOn={form.offersDemo} isDisabled={readOnly} onChange={(isOn) => set('offersDemo', isOn)}>
            Offer demo play (“try”)
          </Check>
          {game.betLimits && (
            <fieldset className="limits-field" aria-describedby="bet-limits-help">
              <legend>Bet limits</legend>
              <p className="muted small" id="bet-limits-help">
                Checked by the server on every bet before any money moves, and shown in the game’s rules. A
                bet or action that could win more than the maximum win is refused.
              </p>
              <Check isOn={usesDefaultLimits} isDisabled={readOnly} onChange={setUsesDefaultLimits}>
                Use the defaults (₱1.00 to ₱10,000.00 a bet, ₱1,000,000.00 a round)
              </Check>
              {errors.betLimits && <span className="field__error">{errors.betLimits}</span>}
              <div className="limits-field__row">
                {LIMIT_FIELDS.map(([key, label]) => (
                  <Field
                    key={key}
                    id={`game-limit-${key}`}
                    label={`${label} (₱)`}
                    error={errors[`betLimits.${key}`]}
                  >
                    <input
                      id={`game-limit-${key}`}
                      inputMode="decimal"
                      value={limits[key]}
                      maxLength={20}
                      disabled={readOnly || usesDefaultLimits}
                      aria-invalid={errors[`betLimits.${key}`] ? true : undefined}
                      aria-describedby={errors[`betLimits.${key}`] ? `game-limit-${key}-error` : undefined}
                      onChange={(event) =>
                        setLimits((current) => ({ ...current, [key]: event.target.value }))
                      }
                    />
                  </Field>
                ))}
              </div>
            </fieldset>
          )}
          {formError && (
            <div className="alert alert--danger" role="alert">
              {formError}
            </div>
          )}
          <footer className="drawer__actions">
            <button className="button button--quiet" type="button" onClick={props.onClose}>
              {readOnly ? 'Close' : 'Cancel'}
            </button>
            {!readOnly && (
              <button className="button button--primary" type="submit" disabled={change.isPending}>
                {change.isPending ? 'Saving…' : 'Save'}
              </button>
            )}
          </footer>
        </form>
      </aside>
    </div>
  );
}

function Field(props: { id: string; label: string; error?: string | undefined; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children}
      {props.error && (
        <span className="field__error" id={`${props.id}-error`}>
          {props.error}
        </span>
      )}
    </div>
  );
}

/** The image store's reason, as an operator reads it; else the server's message. */
function iconProblem(code: string | undefined, message: string): string {
  switch (code) {
    case 'notAnImage':
      return 'This is not a PNG, JPEG or WebP image.';
    case 'unreadableImage':
      return 'The image could not be read.';
    case 'tooManyPixels':
      return 'The image is larger than 2048 × 2048 pixels.';
    default:
      return message;
  }
}
