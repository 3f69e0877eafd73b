import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../../lib/date-time';
import { toast } from '../../../../lib/toast';
import { accountRequest, type SessionItem } from '../../api/account';
import { describeUserAgent } from './user-agent';

type Sessions = { sessions: SessionItem[] };

/**
 * Sessions: every sign-in of the account (device and browser, when it began, when it was last
 * used), this device's marked; "End" signs that device out at once.
 */
export function SessionsPanel({ version }: { version: number }) {
  const [sessions, setSessions] = useState<SessionItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    accountRequest<Sessions>('GET', '/api/auth/sessions').then(
      (res) => live && setSessions(res.sessions),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [version]);

  const end = async (session: SessionItem) => {
    const before = sessions;
    // Gone from the list at once; back if the server refuses.
    setSessions((list) => list?.filter((s) => s._id !== session._id) ?? null);
    try {
      const res = await accountRequest<Sessions>(
        'DELETE',
        `/api/auth/sessions/${encodeURIComponent(session._id)}`,
      );
      setSessions(res.sessions);
      toast.success('Session Ended');
    } catch (e) {
      setSessions(before);
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <section className="files-panel security-panel" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Sessions</h2>
      <p>Where your account is signed in. End a session you do not recognise.</p>
      {error && (
        <p role="alert" className="import-panel__error">
          The sessions could not be loaded: {error}
        </p>
      )}
      {sessions === null && !error && <p>Loading sessions…</p>}
      {sessions && (
        <ul className="security-list" aria-label="Sessions">
          {sessions.map((session) => (
            <li key={session._id} className="security-list__item">
              <div className="security-list__text">
                <strong>
                  {describeUserAgent(session.userAgent)}
                  {session.current && <span className="security-badge">This device</span>}
                </strong>
                <span>Signed in {formatDateTime(session.createdAt)}</span>
                <span>Last used {formatDateTime(session.lastUsedAt)}</span>
              </div>
              {!session.current && (
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`End session: ${describeUserAgent(session.userAgent)}, signed in ${formatDateTime(session.createdAt)}`}
                  onClick={() => void end(session)}
                >
                  End
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
