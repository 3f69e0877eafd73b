import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { formatDateTime } from '../../../../lib/date-time';
import { toast } from '../../../../lib/toast';
import { accountRequest, withoutField, type ApiTokenItem } from '../../api/account';

type Tokens = { tokens: ApiTokenItem[] };
type Created = { token: string; apiToken: ApiTokenItem };

const expiries = [
  { value: '', label: 'Never' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '365 days' },
];

/** The token just made, shown once with a Copy button. */
function NewToken({ token, onDone }: { token: string; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      toast.success('Token Copied');
    } catch {
      toast.error('The token could not be copied: select it and copy it by hand.');
    }
  };
  return (
    <div className="security-new-token" role="status">
      <p>
        <strong>Copy your new token now: it will not be shown again.</strong>
      </p>
      <code className="security-new-token__value" aria-label="New API token">
        {token}
      </code>
      <div className="files-panel__actions">
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

/**
 * API tokens for scripts: made with a name, read or write, and an expiry; shown once; listed
 * with their last use; revoked after a confirmation.
 */
export function TokensPanel() {
  const ids = useId();
  const [tokens, setTokens] = useState<ApiTokenItem[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'read' | 'write'>('read');
  const [expiry, setExpiry] = useState('90');
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenItem | null>(null);

  useEffect(() => {
    let live = true;
    accountRequest<Tokens>('GET', '/api/tokens').then(
      (res) => live && setTokens(res.tokens),
      (e: unknown) => live && setLoadError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, []);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setFormError('Give the token a name, to know it by later.');
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      const res = await accountRequest<Created>('POST', '/api/tokens', {
        name: name.trim(),
        scope,
        expiresInDays: expiry ? Number(expiry) : null,
      });
      setCreated(res.token);
      setTokens((list) => [res.apiToken, ...(list ?? [])]);
      setName('');
      toast.success('API Token Created');
    } catch (e) {
      setFormError(e instanceof Error ? withoutField(e.message) : String(e));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (token: ApiTokenItem) => {
    setRevoking(null);
    const before = tokens;
    setTokens((list) => list?.filter((t) => t._id !== token._id) ?? null);
    try {
      const res = await accountRequest<Tokens>(
        'DELETE',
        `/api/tokens/${encodeURIComponent(token._id)}`,
      );
      setTokens(res.tokens);
      toast.success('API Token Revoked');
    } catch (e) {
      setTokens(before);
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <section className="files-panel security-panel" aria-labelledby="tokens-title">
      <h2 id="tokens-title">API tokens</h2>
      <p>
        For scripts and other apps: send a token as the <code>authorization</code> header. A read
        token can only read.
      </p>
      {created && <NewToken token={created} onDone={() => setCreated(null)} />}
      <form className="security-form" onSubmit={(e) => void create(e)} noValidate>
        <label className="field">
          <span>Token name</span>
          <input
            name="tokenName"
            value={name}
            maxLength={100}
            placeholder="Backup script"
            aria-invalid={formError ? true : undefined}
            aria-describedby={formError ? `${ids}-error` : undefined}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <fieldset className="security-form__choices">
          <legend>Access</legend>
          {(['read', 'write'] as const).map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name={`${ids}-scope`}
                value={value}
                checked={scope === value}
                onChange={() => setScope(value)}
              />
              {value === 'read' ? 'Read' : 'Write'}
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span>Expires</span>
          <select value={expiry} onChange={(e) => setExpiry(e.target.value)}>
            {expiries.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        {formError && (
          <p id={`${ids}-error`} role="alert" className="hint hint--error">
            {formError}
          </p>
        )}
        <div className="files-panel__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create token'}
          </button>
        </div>
      </form>
      {loadError && (
        <p role="alert" className="import-panel__error">
          The tokens could not be loaded: {loadError}
        </p>
      )}
      {tokens && tokens.length === 0 && <p>No API tokens yet.</p>}
      {tokens && tokens.length > 0 && (
        <ul className="security-list" aria-label="API tokens">
          {tokens.map((token) => (
            <li key={token._id} className="security-list__item">
              <div className="security-list__text">
                <strong>
                  {token.name}
                  <span className="security-badge">
                    {token.scope === 'read' ? 'Read' : 'Write'}
                  </span>
                </strong>
                <span>Created {formatDateTime(token.createdAt)}</span>
                <span>
                  {!token.expiresAt
                    ? 'Never expires'
                    : Date.parse(token.expiresAt) <= Date.now()
                      ? `Expired ${formatDateTime(token.expiresAt)}: it no longer works`
                      : `Expires ${formatDateTime(token.expiresAt)}`}
                </span>
                <span>
                  {token.lastUsedAt
                    ? `Last used ${formatDateTime(token.lastUsedAt)}`
                    : 'Never used'}
                </span>
              </div>
              <button
                type="button"
                className="button button--secondary"
                aria-label={`Revoke ${token.name}`}
                onClick={() => setRevoking(token)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      {revoking && (
        <ConfirmDialog
          title="Revoke this token?"
          message={`“${revoking.name}” stops working at once, for every script using it.`}
          confirmLabel="Revoke"
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      )}
    </section>
  );
}
