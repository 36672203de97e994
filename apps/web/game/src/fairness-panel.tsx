import { useState } from 'react';
import { type GameApi, GameApiError, type RevealedSeeds, type Seeds } from './api';
import { FAIRNESS_EXAMPLE } from './fairness-example';
import { fill, useMessages } from './i18n';

const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The seed pair: the server seed's hash, the editable client seed, the nonce, and rotation. */
export function FairnessPanel({
  api,
  seeds,
  onSeeds,
}: {
  api: GameApi;
  seeds: Seeds;
  onSeeds: (seeds: Seeds) => void;
}) {
  const m = useMessages();
  const [clientSeed, setClientSeed] = useState(seeds.clientSeed);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<RevealedSeeds | null>(null);
  const [isBusy, setBusy] = useState(false);

  const fail = (caught: unknown) => {
    const code = caught instanceof GameApiError ? caught.code : 'UNKNOWN';
    setError(m.errors[code as keyof typeof m.errors] ?? m.errors.UNKNOWN);
  };

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!CLIENT_SEED_PATTERN.test(clientSeed)) {
      setFieldError(m.clientSeedRule);
      return;
    }
    setBusy(true);
    try {
      onSeeds(await api.setClientSeed(clientSeed));
      setError(null);
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  }

  async function rotate() {
    setBusy(true);
    try {
      const rotated = await api.rotate();
      setRevealed(rotated.revealed);
      onSeeds(rotated.seeds);
      setClientSeed(rotated.seeds.clientSeed);
      setError(null);
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="g-fairness">
      <p className="g-muted">{m.fairnessHelp}</p>
      <dl className="g-facts">
        <dt>{m.serverSeedHash}</dt>
        <dd className="g-mono" data-testid="server-seed-hash">
          {seeds.serverSeedHash}
        </dd>
        <dt>{m.commitmentVersion}</dt>
        <dd className="g-mono" data-testid="commitment-version">
          {seeds.commitmentVersion}
        </dd>
        <dt>{m.nonce}</dt>
        <dd className="g-mono" data-testid="nonce">
          {seeds.nonce}
        </dd>
      </dl>
      <form onSubmit={save} className="g-seed-form" noValidate>
        <label htmlFor="client-seed">{m.clientSeed}</label>
        <div className="g-seed-row">
          <input
            id="client-seed"
            className="g-input g-mono"
            value={clientSeed}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={fieldError !== null}
            aria-describedby="client-seed-error"
            onChange={(event) => {
              setClientSeed(event.target.value);
              setFieldError(null);
            }}
            onBlur={() => setFieldError(CLIENT_SEED_PATTERN.test(clientSeed) ? null : m.clientSeedRule)}
          />
          <button type="submit" className="g-button" disabled={isBusy}>
            {m.saveSeed}
          </button>
        </div>
        <p id="client-seed-error" className="g-field-error">
          {fieldError ?? ''}
        </p>
      </form>
      <button
        type="button"
        className="g-button g-button-wide"
        disabled={isBusy}
        onClick={rotate}
        data-testid="rotate"
      >
        {m.rotate}
      </button>
      {revealed ? (
        <p className="g-revealed g-mono" data-testid="revealed-seed">
          {fill(m.rotated, { seed: revealed.serverSeed })}
        </p>
      ) : null}
      {error ? (
        <p className="g-error" role="alert">
          {error}
        </p>
      ) : null}
      <details className="g-protocol" data-testid="fairness-protocol">
        <summary>{m.fairnessHow}</summary>
        <ol>
          {m.fairnessProtocol.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="g-mono-wrap">{fill(m.fairnessExample, FAIRNESS_EXAMPLE)}</p>
      </details>
    </div>
  );
}
