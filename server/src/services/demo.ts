import type { UsersService } from './users';

/**
 * The demo accounts, seeded when DEMO_USERS is on. They are public by design: the login page's
 * "Login With Test Credentials" signs in as the first one.
 */
const demoUsers = [
  { firstName: 'Demo', lastName: 'User', email: 'demo@jotter.app', password: 'jotter-demo-pass' },
  { firstName: 'Sam', lastName: 'Rivera', email: 'sam@jotter.app', password: 'jotter-demo-pass' },
] as const;

export async function seedDemoUsers(users: UsersService): Promise<void> {
  for (const user of demoUsers) await users.ensure(user);
}
