import { useState } from 'react';
import { toast } from '../../../lib/toast';
import type { AdminInvite } from '../api/admin-api';
import { formatWhen } from '../api/format';

interface InvitesPanelProps {
  invites: AdminInvite[];
  onCreate: () => Promise<string | null>;
  onRevoke: (invite: AdminInvite) => Promise<void>;
}

/**
 * Invitations, while signup is off: a new one's link (shown this once, with Copy), and the
 * pending ones, each revocable. A link signs up one account within 7 days.
 */
export function InvitesPanel({ invites, onCreate, onRevoke }: InvitesPanelProps) {
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async () => {
    setBusy(true);
    const url = await onCreate();
    setBusy(false);
    if (url) setLink(url);
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Link Copied');
    } catch {
      toast.error(['Failed To Copy Link', 'Select the link and copy it yourself']);
    }
  };

  return (
    <section className="files-panel" aria-labelledby="invites-title">
      <h2 id="invites-title">Invitations</h2>
      <p>
        Signup is off on this server. An invitation&apos;s link lets one person create an account
        within 7 days.
      </p>
      <div className="files-panel__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void create()}
        >
          {busy ? 'Creating…' : 'Create invitation'}
        </button>
      </div>
      {link && (
        <div className="field admin-invite-link">
          <label className="field__label">
            <span>New invitation link (shown only now)</span>
            <input readOnly value={link} onFocus={(e) => e.target.select()} />
          </label>
          <button type="button" className="button button--secondary" onClick={() => void copy()}>
            Copy
          </button>
        </div>
      )}
      <h3 className="admin-invites__title">Pending</h3>
      {invites.length === 0 ? (
        <p className="admin-invites__none">No pending invitations.</p>
      ) : (
        <ul className="admin-invites" aria-label="Pending invitations">
          {invites.map((invite) => (
            <li key={invite._id} className="admin-invites__item">
              <span>
                Created {formatWhen(invite.createdAt)} · expires {formatWhen(invite.expiresAt)}
              </span>
              <button
                type="button"
                className="button button--ghost"
                aria-label={`Revoke the invitation created ${formatWhen(invite.createdAt)}`}
                onClick={() => void onRevoke(invite)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
