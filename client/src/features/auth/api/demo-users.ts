/** Password of the seeded demo account and of every "Fill Demo Data" user. */
export const DEMO_PASSWORD = 'jotter-demo-pass';

/** The account behind "Login With Test Credentials" (seeded by the server). */
export const TEST_CREDENTIALS = { email: 'demo@jotter.app', password: DEMO_PASSWORD };

/** A sign-up form's values. */
export interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

const SAMPLE_USERS = [
  { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.lovelace@example.com' },
  { firstName: 'Alan', lastName: 'Turing', email: 'alan.turing@example.com' },
  { firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@example.com' },
  { firstName: 'Katherine', lastName: 'Johnson', email: 'katherine.johnson@example.com' },
  { firstName: 'Linus', lastName: 'Torvalds', email: 'linus.torvalds@example.com' },
] as const;

/**
 * One of the five sample users at random. The email gets a short random suffix before the @,
 * so pressing "Fill Demo Data" again still gives an address that can sign up.
 */
export function randomDemoUser(random: () => number = Math.random): SignupValues {
  const sample = SAMPLE_USERS[Math.floor(random() * SAMPLE_USERS.length)] ?? SAMPLE_USERS[0];
  const suffix = Math.floor(random() * 36 ** 5)
    .toString(36)
    .padStart(5, '0');
  const [local, domain] = sample.email.split('@');
  return {
    firstName: sample.firstName,
    lastName: sample.lastName,
    email: `${local}.${suffix}@${domain}`,
    password: DEMO_PASSWORD,
    confirmPassword: DEMO_PASSWORD,
  };
}
