import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { Modal } from '../../../../components/modal';
import { emitSignedOut } from '../../../../lib/session-events';
import { readAuth, writeAuth } from '../../../../lib/storage';
import { toast } from '../../../../lib/toast';
import { AccountError, accountRequest, withoutField } from '../../api/account';
import { downloadExport } from '../../api/files';
import { twoFactorStatus } from '../../api/security';
import { MeDocument } from '../../api/me-query';

/** A message for a failed request: inline when it is about the form, a snackbar otherwise. */
function failure(e: unknown, inline: (message: string) => void): void {
  const message = e instanceof Error ? e.message : String(e);
  if (e instanceof AccountError && (e.status === 400 || e.status === 422 || e.status === 429)) {
    inline(withoutField(message));
  } else {
    toast.error(message);
  }
}

/** Change email: the new address and the password. */
function EmailForm() {
  const id = useId();
  const client = useApolloClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError('Enter the new email and your password.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await accountRequest<{ user: { email: string } }>('POST', '/api/user/email', {
        email: email.trim(),
        password,
      });
      const changed = res.user.email;
      client.cache.updateQuery({ query: MeDocument }, (data) =>
        data ? { ...data, me: { ...data.me, email: changed } } : data,
      );
      const { token, user } = readAuth();
      if (user) writeAuth(token, { ...user, email: changed });
      setEmail('');
      setPassword('');
      toast.success('Email Changed');
    } catch (e) {
      failure(e, setError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="security-form" onSubmit={(e) => void submit(e)} noValidate>
      <h3>Change email</h3>
      <label className="field">
        <span>New email</span>
        <input
          type="email"
          name="newEmail"
          autoComplete="email"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <label className="field">
        <span>Password</span>
        <input
          type="password"
          name="emailPassword"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {error && (
        <p id={`${id}-error`} role="alert" className="hint hint--error">
          {error}
        </p>
      )}
      <div className="files-panel__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Changing…' : 'Change email'}
        </button>
      </div>
    </form>
  );
}

/** Deleting the account: first the export, then the password, then it is gone. */
function DeleteDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [step, setStep] = useState<'export' | 'confirm'>('export');
  const [password, setPassword] = useState('');
  /** With two-factor on, a code from the app (or a recovery code) may stand for the password. */
  const [twoFactorOn, setTwoFactorOn] = useState(false);
  const [withCode, setWithCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    // Without the status the password alone is offered, as before two-factor existed.
    twoFactorStatus().then(
      (status) => live && setTwoFactorOn(status.enabled),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const exportFirst = async () => {
    try {
      await downloadExport('json');
    } catch (e) {
      toast.error(`The export failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password.trim()) {
      setError(withCode ? 'Enter a code from your authenticator app.' : 'Enter your password.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await accountRequest('DELETE', '/api/user', withCode ? { code: password } : { password });
      emitSignedOut('Your Account Was Deleted');
    } catch (e) {
      failure(e, setError);
      setBusy(false);
    }
  };

  return (
    <Modal label="Delete account" onClose={onClose}>
      {step === 'export' ? (
        <section className="confirm-dialog">
          <h2>Delete account</h2>
          <p>
            Every note, label and token of yours goes, for good. Export your notes first to keep a
            copy you can import elsewhere.
          </p>
          <div className="confirm-dialog__buttons security-dialog__buttons">
            <button type="button" className="button button--ghost" onClick={onClose}>
              Cancel
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void exportFirst()}
            >
              Export as JSON
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => setStep('confirm')}
            >
              Continue
            </button>
          </div>
        </section>
      ) : (
        <form className="confirm-dialog" onSubmit={(e) => void submit(e)} noValidate>
          <h2>Delete account</h2>
          <p>
            {withCode
              ? 'Enter a code from your authenticator app (or a recovery code) to delete your account and everything in it.'
              : 'Enter your password to delete your account and everything in it.'}
          </p>
          <label className="field">
            <span>{withCode ? 'Two-factor code' : 'Password'}</span>
            <input
              key={withCode ? 'code' : 'password'}
              type={withCode ? 'text' : 'password'}
              name={withCode ? 'deleteCode' : 'deletePassword'}
              autoComplete={withCode ? 'one-time-code' : 'current-password'}
              inputMode={withCode ? 'numeric' : undefined}
              value={password}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          {error && (
            <p id={`${id}-error`} role="alert" className="hint hint--error">
              {error}
            </p>
          )}
          {twoFactorOn && (
            <button
              type="button"
              className="button button--ghost security-dialog__switch"
              onClick={() => {
                setWithCode(!withCode);
                setPassword('');
                setError(null);
              }}
            >
              {withCode ? 'Use your password instead' : 'Use a two-factor code instead'}
            </button>
          )}
          <div className="confirm-dialog__buttons">
            <button type="button" className="button button--ghost" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button button--danger" disabled={busy}>
              {busy ? 'Deleting…' : 'Delete forever'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** The account: change the email, or delete the account. */
export function AccountPanel() {
  const [deleting, setDeleting] = useState(false);
  return (
    <section className="files-panel security-panel" aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      <EmailForm />
      <div className="security-form">
        <h3>Delete account</h3>
        <p>Deletes your account, every note and every token. This cannot be undone.</p>
        <div className="files-panel__actions">
          <button type="button" className="button button--danger" onClick={() => setDeleting(true)}>
            Delete account…
          </button>
        </div>
      </div>
      {deleting && <DeleteDialog onClose={() => setDeleting(false)} />}
    </section>
  );
}
