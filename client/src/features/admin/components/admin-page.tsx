import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { ErrorPanel } from '../../../components/error-panel';
import { Spinner } from '../../../components/spinner';
import { formatBytes } from '../api/format';
import { IsAdminDocument } from '../api/is-admin';
import { useAdmin } from '../hooks/use-admin';
import { InvitesPanel } from './invites-panel';
import { UsersTable } from './users-table';
import './admin.css';

/**
 * /admin: the instance's figures, every account (disable, enable, delete) and, while signup is
 * off, invitations. Anyone but an admin is told the page is not theirs.
 */
export function AdminPage() {
  const { state, setDisabled, remove, createInvite, revokeInvite } = useAdmin();
  // Who is looking: their own row offers neither Disable nor Delete.
  const me = useQuery(IsAdminDocument).data?.me.id;

  if (state.status === 'loading') {
    return (
      <div className="list-status">
        <Spinner label="Loading admin" />
      </div>
    );
  }
  if (state.status === 'forbidden') {
    return (
      <ErrorPanel>
        <h1 className="admin-denied__title">Only admins can see this page</h1>
        <p>This page is for the people who run this Jotter (403).</p>
        <Link to="/home" className="button button--primary">
          Back to notes
        </Link>
      </ErrorPanel>
    );
  }
  if (state.status === 'failed') {
    return (
      <ErrorPanel>
        <p role="alert">The admin page could not be loaded: {state.message}.</p>
      </ErrorPanel>
    );
  }

  const { stats, users, invites, signupOpen } = state;
  const figures: Array<[string, string]> = [
    ['Users', String(stats.users)],
    ['Notes', String(stats.notes)],
    ['Database', formatBytes(stats.databaseSize)],
    ['Version', stats.version],
  ];

  return (
    <div className="admin-page">
      <h1>Admin</h1>
      <dl className="admin-figures" aria-label="This Jotter">
        {figures.map(([term, value]) => (
          <div key={term} className="admin-figures__item">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <UsersTable users={users} me={me} onSetDisabled={setDisabled} onDelete={remove} />
      {signupOpen ? (
        <section className="files-panel" aria-labelledby="invites-title">
          <h2 id="invites-title">Invitations</h2>
          <p>Signup is open on this server: anyone can create an account, no invitation needed.</p>
        </section>
      ) : (
        <InvitesPanel invites={invites} onCreate={createInvite} onRevoke={revokeInvite} />
      )}
    </div>
  );
}
