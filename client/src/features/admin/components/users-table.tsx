import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { AdminUser } from '../api/admin-api';
import { formatBytes, formatWhen, fullName } from '../api/format';

interface UsersTableProps {
  users: AdminUser[];
  /** The signed-in admin's id (until known, every row offers its actions; the server refuses). */
  me: string | undefined;
  onSetDisabled: (user: AdminUser, disabled: boolean) => Promise<void>;
  onDelete: (user: AdminUser) => Promise<void>;
}

type Pending = { user: AdminUser; action: 'disable' | 'delete' };

const confirmations = {
  disable: {
    title: 'Disable this account?',
    message: (name: string) =>
      `${name} is signed out everywhere at once and cannot sign in until you enable the account again. Their notes stay.`,
    label: 'Disable',
  },
  delete: {
    title: 'Delete this account?',
    message: (name: string) =>
      `${name}'s account and every note of it are deleted for good. This cannot be undone.`,
    label: 'Delete',
  },
} as const;

/**
 * Every account: name, email, notes, storage, last sign-in and status, with Disable or Enable and
 * Delete (each asked first, but Enable). On a phone each row is a card.
 */
export function UsersTable({ users, me, onSetDisabled, onDelete }: UsersTableProps) {
  const [pending, setPending] = useState<Pending | null>(null);
  const confirmation = pending && confirmations[pending.action];

  const confirm = () => {
    if (!pending) return;
    setPending(null);
    if (pending.action === 'delete') void onDelete(pending.user);
    else void onSetDisabled(pending.user, true);
  };

  return (
    <section className="files-panel" aria-labelledby="users-title">
      <h2 id="users-title">Users</h2>
      <table className="admin-users">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Notes</th>
            <th scope="col">Storage</th>
            <th scope="col">Last sign-in</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const name = fullName(user);
            const self = user._id === me;
            return (
              <tr key={user._id} className={user.disabled ? 'admin-users__row--disabled' : ''}>
                <th scope="row" className="admin-users__name">
                  {name}
                  {user.admin && <span className="admin-badge">Admin</span>}
                </th>
                <td data-label="Email" className="admin-users__email">
                  {user.email}
                </td>
                <td data-label="Notes">{user.notes}</td>
                <td data-label="Storage">{formatBytes(user.storage)}</td>
                <td data-label="Last sign-in">{formatWhen(user.lastSignInAt)}</td>
                <td data-label="Status">
                  <span
                    className={user.disabled ? 'admin-status admin-status--off' : 'admin-status'}
                  >
                    {user.disabled ? 'Disabled' : 'Active'}
                  </span>
                </td>
                <td>
                  <div className="admin-users__actions">
                    {self ? (
                      <span className="admin-users__you">You</span>
                    ) : (
                      <>
                        {user.disabled ? (
                          <button
                            type="button"
                            className="button button--secondary"
                            aria-label={`Enable ${name}`}
                            onClick={() => void onSetDisabled(user, false)}
                          >
                            Enable
                          </button>
                        ) : (
                          <button
                            type="button"
                            className="button button--secondary"
                            aria-label={`Disable ${name}`}
                            onClick={() => setPending({ user, action: 'disable' })}
                          >
                            Disable
                          </button>
                        )}
                        <button
                          type="button"
                          className="button button--danger"
                          aria-label={`Delete ${name}`}
                          onClick={() => setPending({ user, action: 'delete' })}
                        >
                          Delete
                        </button>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {pending && confirmation && (
        <ConfirmDialog
          title={confirmation.title}
          message={confirmation.message(fullName(pending.user))}
          confirmLabel={confirmation.label}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      )}
    </section>
  );
}
