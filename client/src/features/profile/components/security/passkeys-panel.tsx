import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { browserSupportsWebAuthn, WebAuthnError } from '@simplewebauthn/browser';
import { toast } from '../../../../lib/toast';
import {
  addPasskey,
  listPasskeys,
  removePasskey,
  renamePasskey,
  type Passkey,
} from '../../api/security';
import './security.css';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const day = (iso: string) => iso.slice(0, 10);

/** Whether the person closed the browser's passkey prompt: not an error to show. */
const cancelled = (error: unknown) =>
  (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') ||
  (error instanceof Error && error.name === 'NotAllowedError');

/** One passkey: its name (renamed in place), when it was added and last used; Remove. */
function PasskeyRow({
  passkey,
  onRenamed,
  onRemoved,
}: {
  passkey: Passkey;
  onRenamed: (p: Passkey) => void;
  onRemoved: (list: Passkey[]) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    renamePasskey(passkey._id, name).then(
      ({ passkey: renamed }) => {
        onRenamed(renamed);
        setEditing(false);
        setError(null);
        toast.success('Passkey renamed');
      },
      (e: unknown) => setError(message(e)),
    );
  };

  const remove = () =>
    removePasskey(passkey._id).then(
      ({ passkeys }) => {
        onRemoved(passkeys);
        toast.success('Passkey removed');
      },
      (e: unknown) => setError(message(e)),
    );

  return (
    <li className="security-panel__passkey">
      {editing ? (
        <form className="security-panel__rename" onSubmit={save}>
          <label className="field">
            <span className="visually-hidden">New name for {passkey.name}</span>
            <input
              value={name}
              maxLength={100}
              required
              autoFocus
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <button type="submit" className="button button--primary">
            Save
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setName(passkey.name);
              setEditing(false);
            }}
          >
            Cancel
          </button>
        </form>
      ) : (
        <>
          <div>
            <strong>{passkey.name}</strong>
            <small>
              Added {day(passkey.createdAt)}
              {passkey.lastUsedAt ? `, last used ${day(passkey.lastUsedAt)}` : ', not used yet'}
            </small>
          </div>
          <div className="files-panel__actions">
            <button
              type="button"
              className="button button--secondary"
              aria-label={`Rename ${passkey.name}`}
              onClick={() => setEditing(true)}
            >
              Rename
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-label={`Remove ${passkey.name}`}
              onClick={() => void remove()}
            >
              Remove
            </button>
          </div>
        </>
      )}
      {error && (
        <p role="alert" className="import-panel__error">
          {error}
        </p>
      )}
    </li>
  );
}

/** Passkeys: add one under a name, list, rename and remove them. */
export function PasskeysPanel() {
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [supported] = useState(browserSupportsWebAuthn);

  useEffect(() => {
    listPasskeys().then(
      (answer) => setPasskeys(answer.passkeys),
      (e: unknown) => setError(`Passkeys could not be loaded: ${message(e)}`),
    );
  }, []);

  const add = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    addPasskey(name)
      .then(
        (passkey) => {
          setPasskeys((list) => [...(list ?? []), passkey]);
          setName('');
          toast.success('Passkey added');
        },
        (e: unknown) => {
          if (!cancelled(e)) setError(message(e));
        },
      )
      .finally(() => setBusy(false));
  };

  return (
    <section className="files-panel security-panel" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      <p>
        Sign in without your email or password, with your fingerprint, face or device PIN. A passkey
        sign-in needs no two-factor code.
      </p>
      {passkeys && passkeys.length > 0 && (
        <ul className="security-panel__passkeys" aria-label="Your passkeys">
          {passkeys.map((p) => (
            <PasskeyRow
              key={p._id}
              passkey={p}
              onRenamed={(renamed) =>
                setPasskeys((list) =>
                  (list ?? []).map((q) => (q._id === renamed._id ? renamed : q)),
                )
              }
              onRemoved={setPasskeys}
            />
          ))}
        </ul>
      )}
      {passkeys && passkeys.length === 0 && <p>No passkeys yet.</p>}
      {supported ? (
        <form className="security-panel__add" onSubmit={add}>
          <label className="field">
            <span>Name of the new passkey</span>
            <input
              name="passkey-name"
              placeholder="My laptop"
              maxLength={100}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <button type="submit" className="button button--primary" disabled={busy}>
            Add a passkey
          </button>
        </form>
      ) : (
        <p>This browser cannot use passkeys.</p>
      )}
      {error && (
        <p role="alert" className="import-panel__error">
          {error}
        </p>
      )}
    </section>
  );
}
