import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import {
  AdminApiError,
  adminApi,
  type AdminInvite,
  type AdminStats,
  type AdminUser,
} from '../api/admin-api';

/** What the admin page shows, once loaded. */
export interface AdminData {
  users: AdminUser[];
  stats: AdminStats;
  invites: AdminInvite[];
  signupOpen: boolean;
}

export type AdminState =
  | { status: 'loading' }
  | { status: 'forbidden' }
  | { status: 'failed'; message: string }
  | ({ status: 'ready' } & AdminData);

const reason = (error: unknown): string =>
  error instanceof Error ? error.message : 'Something went wrong';

/** One action's snackbar on failure: the spec's words, then the server's reason. */
const failed = (what: string, error: unknown) => toast.error([what, reason(error)]);

/**
 * The admin page's data and actions. Each action shows its result at once (optimistic) and puts
 * the list back as it was, with the reason, when the server refuses.
 */
export function useAdmin() {
  const [state, setState] = useState<AdminState>({ status: 'loading' });
  // The latest data, for rolling an action back onto whatever has happened since.
  const data = useRef<AdminData | null>(null);

  const update = useCallback((change: (d: AdminData) => AdminData) => {
    if (!data.current) return;
    data.current = change(data.current);
    setState({ status: 'ready', ...data.current });
  }, []);

  useEffect(() => {
    let live = true;
    Promise.all([adminApi.users(), adminApi.stats(), adminApi.invites(), adminApi.signupOpen()])
      .then(([users, stats, invites, signupOpen]) => {
        if (!live) return;
        data.current = { users, stats, invites, signupOpen };
        setState({ status: 'ready', ...data.current });
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof AdminApiError && error.status === 403)
          setState({ status: 'forbidden' });
        else setState({ status: 'failed', message: reason(error) });
      });
    return () => {
      live = false;
    };
  }, []);

  const replaceUser = (user: AdminUser) => (d: AdminData) => ({
    ...d,
    users: d.users.map((u) => (u._id === user._id ? user : u)),
  });

  /** Disables or enables an account. */
  const setDisabled = useCallback(
    async (user: AdminUser, disabled: boolean) => {
      update(replaceUser({ ...user, disabled }));
      try {
        const saved = await (disabled ? adminApi.disable(user._id) : adminApi.enable(user._id));
        update(replaceUser(saved));
        toast.success(disabled ? 'User Disabled' : 'User Enabled');
      } catch (error) {
        update(replaceUser(user));
        failed(disabled ? 'Failed To Disable User' : 'Failed To Enable User', error);
      }
    },
    [update],
  );

  /** Deletes an account and everything of it. */
  const remove = useCallback(
    async (user: AdminUser) => {
      const index = data.current?.users.findIndex((u) => u._id === user._id) ?? -1;
      const counts = (d: AdminData, sign: 1 | -1): AdminStats => ({
        ...d.stats,
        users: d.stats.users + sign,
        notes: d.stats.notes + sign * user.notes,
      });
      update((d) => ({
        ...d,
        users: d.users.filter((u) => u._id !== user._id),
        stats: counts(d, -1),
      }));
      try {
        await adminApi.remove(user._id);
        toast.success('User Deleted');
      } catch (error) {
        update((d) => {
          const users = [...d.users];
          users.splice(Math.max(0, index), 0, user);
          return { ...d, users, stats: counts(d, 1) };
        });
        failed('Failed To Delete User', error);
      }
    },
    [update],
  );

  /** Makes an invitation; resolves with its link (shown once), or null when refused. */
  const createInvite = useCallback(async (): Promise<string | null> => {
    try {
      const { url, invite } = await adminApi.createInvite();
      update((d) => ({ ...d, invites: [invite, ...d.invites] }));
      toast.success('Invitation Created');
      return url;
    } catch (error) {
      failed('Failed To Create Invitation', error);
      return null;
    }
  }, [update]);

  /** Revokes an invitation: its link stops working. */
  const revokeInvite = useCallback(
    async (invite: AdminInvite) => {
      const index = data.current?.invites.findIndex((i) => i._id === invite._id) ?? -1;
      update((d) => ({ ...d, invites: d.invites.filter((i) => i._id !== invite._id) }));
      try {
        await adminApi.revokeInvite(invite._id);
        toast.success('Invitation Revoked');
      } catch (error) {
        update((d) => {
          const invites = [...d.invites];
          invites.splice(Math.max(0, index), 0, invite);
          return { ...d, invites };
        });
        failed('Failed To Revoke Invitation', error);
      }
    },
    [update],
  );

  return { state, setDisabled, remove, createInvite, revokeInvite };
}
