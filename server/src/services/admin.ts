import { version } from '../../../package.json';
import { AppError } from '../errors';
import type { Store, UserUsageRecord } from '../store';
import { requireSignedInPerson } from './caller';
import { now } from './clock';
import type { Authenticated, UsersService } from './users';

/** Why someone who is not an admin is refused an admin route. */
export const adminOnlyMessage = 'Only admins can do this';

/** An account as the admin's list shows it: never a password hash or a token. */
export interface AdminUserView {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: string;
  lastSignInAt: string | null;
  /** How many notes the account has, archive and trash included. */
  notes: number;
  /** Bytes its notes take (title, content and plain text); attachments will add to it. */
  storage: number;
  disabled: boolean;
  admin: boolean;
}

/** The instance's figures. */
export interface InstanceStats {
  users: number;
  notes: number;
  /** The database's size in bytes. */
  databaseSize: number;
  /** Jotter's version (package.json). */
  version: string;
}

export interface AdminOptions {
  /** ADMIN_EMAILS, lower-cased. */
  adminEmails: readonly string[];
}

/**
 * The admin's powers: accounts with what they hold, disabling, enabling and deleting them, and
 * the instance's figures. Admins are the accounts whose email ADMIN_EMAILS lists; only a
 * signed-in admin acts here, never an API token (even an admin's).
 */
export function adminService(store: Store, users: UsersService, options: AdminOptions) {
  const admins = new Set(options.adminEmails);
  const isAdmin = (user: { email: string }): boolean => admins.has(user.email.toLowerCase());

  const view = ({ user, notes, storage }: UserUsageRecord): AdminUserView => ({
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    createdAt: user.createdAt,
    lastSignInAt: user.lastSignInAt,
    notes,
    storage,
    disabled: user.disabledAt !== null,
    admin: isAdmin(user),
  });

  async function one(userId: string): Promise<AdminUserView> {
    const [found] = await store.admin.usage(userId);
    if (!found) throw new AppError('NOT_FOUND', `User ${userId} not found`);
    return view(found);
  }

  /** Refuses (400) an admin's action on their own account. */
  function notSelf(adminId: string, userId: string, action: string): void {
    if (adminId === userId) {
      throw new AppError(
        'BAD_USER_INPUT',
        `You cannot ${action} your own account: another admin can, or delete it from your profile.`,
      );
    }
  }

  return {
    isAdmin,

    /**
     * Refuses anyone but a signed-in admin: FORBIDDEN for an API token (whoever's) and for an
     * account that is not an admin.
     */
    requireAdmin(auth: Authenticated): void {
      requireSignedInPerson(auth);
      if (!isAdmin(auth.user)) throw new AppError('FORBIDDEN', adminOnlyMessage);
    },

    /** Every account, oldest first, with its notes, storage and last sign-in. */
    async users(): Promise<AdminUserView[]> {
      return (await store.admin.usage()).map(view);
    },

    /**
     * Disables the account: its sign-ins end, its tokens are refused from the next request on,
     * its live connections close (on every server), and it cannot sign in until enabled.
     */
    async disable(adminId: string, userId: string): Promise<AdminUserView> {
      notSelf(adminId, userId, 'disable');
      await one(userId);
      await store.transaction(async (tx) => {
        const at = now();
        await tx.users.setDisabled(userId, at);
        // Every sign-in ends for good (an enabled account signs in anew); its API tokens are
        // refused while it is disabled.
        await tx.sessions.deleteAllBut(userId, null);
        await tx.users.bumpTokenVersion(userId, at);
        await tx.events.announceSignOut(userId);
      });
      return one(userId);
    },

    /** Enables a disabled account: it can sign in again. */
    async enable(_adminId: string, userId: string): Promise<AdminUserView> {
      await one(userId);
      await store.users.setDisabled(userId, null);
      return one(userId);
    },

    /** Deletes the account and everything of it (users.remove). */
    async remove(adminId: string, userId: string): Promise<void> {
      notSelf(adminId, userId, 'delete');
      await one(userId);
      await users.remove(userId);
    },

    /** Users, notes, the database's size and Jotter's version. */
    async stats(): Promise<InstanceStats> {
      const { users: userCount, notes, databaseBytes } = await store.admin.stats();
      return { users: userCount, notes, databaseSize: databaseBytes, version };
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;
