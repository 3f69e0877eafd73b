import { useQuery } from '@apollo/client/react';
import { ErrorPanel } from '../../../components/error-panel';
import { Spinner } from '../../../components/spinner';
import { MeDocument } from '../api/me-query';
import { ExportPanel } from './export-panel';
import { ImportPanel } from './import-panel';
import { NotificationsPanel } from './notifications-panel';
import { StoragePanel } from './storage-panel';
import { PasskeysPanel } from './security/passkeys-panel';
import { TwoFactorPanel } from './security/two-factor-panel';
import { SecuritySection } from './security/security-section';

/**
 * /profile: first name, last name, email and the date the account was created; the storage
 * photos and files take; importing and exporting notes; sessions, API tokens, the password and
 * the account.
 */
export function ProfilePage() {
  const { data, loading, error } = useQuery(MeDocument);

  if (!data) {
    if (loading) {
      return (
        <div className="list-status">
          <Spinner label="Loading profile" />
        </div>
      );
    }
    return (
      <ErrorPanel>
        <p>Your profile could not be loaded{error ? `: ${error.message}` : ''}.</p>
      </ErrorPanel>
    );
  }

  const { firstName, lastName, email, createdAt } = data.me;
  const rows: [string, string][] = [
    ['First Name', firstName],
    ['Last Name', lastName],
    ['Email', email],
    ['Account Created', createdAt.slice(0, 10)],
  ];

  return (
    <div className="profile-page">
      <section className="profile-card" aria-labelledby="profile-title">
        <div className="profile-card__avatar" aria-hidden>
          {`${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase()}
        </div>
        <h1 id="profile-title">Profile</h1>
        <dl className="profile-card__details">
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <StoragePanel />
      <ImportPanel />
      <ExportPanel />
      <NotificationsPanel />
      <TwoFactorPanel email={email} />
      <PasskeysPanel />
      <SecuritySection />
    </div>
  );
}
