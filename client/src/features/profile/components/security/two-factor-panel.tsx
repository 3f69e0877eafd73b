import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from '../../../../lib/toast';
import {
  disableTwoFactor,
  enableTwoFactor,
  recoveryCodesText,
  startTwoFactorSetup,
  twoFactorStatus,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../api/security';
import './security.css';

type Step =
  | { kind: 'loading' }
  | { kind: 'status'; status: TwoFactorStatus }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'turning-off'; status: TwoFactorStatus };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Offers the recovery codes as a .txt file. */
function download(codes: readonly string[], email: string) {
  const url = URL.createObjectURL(
    new Blob([recoveryCodesText(codes, email)], { type: 'text/plain' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = 'jotter-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Two-factor sign-in: off, "Turn on" shows a QR code and the secret to type, confirmed by a
 * code; then the ten recovery codes, once, to download or copy. On, "Turn off" asks for the
 * password.
 */
export function TwoFactorPanel({ email }: { email: string }) {
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    twoFactorStatus().then(
      (status) => setStep({ kind: 'status', status }),
      (e: unknown) => setError(`Two-factor settings could not be loaded: ${message(e)}`),
    );
  }, []);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };

  const turnOn = () =>
    run(async () => {
      setCode('');
      setStep({ kind: 'setup', setup: await startTwoFactorSetup() });
    });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { recoveryCodes } = await enableTwoFactor(code);
      setStep({ kind: 'codes', codes: recoveryCodes });
      toast.success('Two-factor sign-in is on');
    });
  };

  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await disableTwoFactor(password);
      setPassword('');
      setStep({ kind: 'status', status: { enabled: false, recoveryCodesLeft: 0 } });
      toast.success('Two-factor sign-in is off');
    });
  };

  const copy = (codes: readonly string[]) =>
    navigator.clipboard.writeText(codes.join('\n')).then(
      () => toast.success('Recovery codes copied'),
      () => toast.error('The codes could not be copied; download them instead'),
    );

  return (
    <section className="files-panel security-panel" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-factor sign-in</h2>
      {step.kind === 'loading' && !error && <p>Loading…</p>}
      {step.kind === 'status' && !step.status.enabled && (
        <>
          <p>
            Off. With it on, signing in with your password also asks for a code from an
            authenticator app on your phone.
          </p>
          <div className="files-panel__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void turnOn()}
            >
              Turn on
            </button>
          </div>
        </>
      )}
      {step.kind === 'status' && step.status.enabled && (
        <>
          <p>
            On. {step.status.recoveryCodesLeft} of 10 recovery codes left for when your phone is not
            at hand.
          </p>
          <div className="files-panel__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setStep({ kind: 'turning-off', status: step.status })}
            >
              Turn off
            </button>
          </div>
        </>
      )}
      {step.kind === 'turning-off' && (
        <form className="security-panel__form" onSubmit={turnOff}>
          <label className="field">
            <span>Your password</span>
            <input
              type="password"
              name="password"
              autoComplete="current-password"
              required
              autoFocus
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          <div className="files-panel__actions">
            <button type="submit" className="button button--danger" disabled={busy}>
              Turn off two-factor
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setError(null);
                setStep({ kind: 'status', status: step.status });
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      {step.kind === 'setup' && (
        <form className="security-panel__form" onSubmit={confirm}>
          <p>
            Scan this with your authenticator app, or type the key into it, then enter the code it
            shows.
          </p>
          <img
            className="security-panel__qr"
            src={step.setup.qrCode}
            alt="QR code to scan with your authenticator app"
            width={180}
            height={180}
          />
          <p>
            Key: <code className="security-panel__secret">{step.setup.secret}</code>
          </p>
          <label className="field">
            <span>Code from the app</span>
            <input
              type="text"
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              required
              placeholder="123456"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
          <div className="files-panel__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              Confirm
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setError(null);
                setStep({ kind: 'status', status: { enabled: false, recoveryCodesLeft: 0 } });
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      {step.kind === 'codes' && (
        <>
          <p>
            Save these recovery codes now: they are shown only this once. Each signs you in once in
            place of a code from the app.
          </p>
          <ul className="security-panel__codes" aria-label="Recovery codes">
            {step.codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <div className="files-panel__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => download(step.codes, email)}
            >
              Download (.txt)
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void copy(step.codes)}
            >
              Copy
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() =>
                setStep({ kind: 'status', status: { enabled: true, recoveryCodesLeft: 10 } })
              }
            >
              I have saved them
            </button>
          </div>
        </>
      )}
      {error && (
        <p role="alert" className="import-panel__error">
          {error}
        </p>
      )}
    </section>
  );
}
