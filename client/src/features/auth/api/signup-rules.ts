import type { SignupValues } from './demo-users';

/** The server's shortest password (server/src/services/users.ts). */
export const MIN_PASSWORD_LENGTH = 8;

/** The server's email format (zod's `z.email()`), so the page refuses what the server would. */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const INVALID_EMAIL = 'Please Enter A Valid Email Address';
export const SHORT_PASSWORD = `Password Must Be At Least ${MIN_PASSWORD_LENGTH} Characters`;

/** The fields a sign-up form checks before the server does. */
export type CheckedField = 'email' | 'password';

/**
 * What is wrong with a sign-up's email and password, by field, in the spec's voice: a field
 * left empty says nothing here (it is required, and the form says so), a typed one is checked
 * against the server's rules (the email trimmed, as the server does).
 */
export function signupProblems(values: SignupValues): Partial<Record<CheckedField, string>> {
  const problems: Partial<Record<CheckedField, string>> = {};
  const email = values.email.trim();
  if (email !== '' && !EMAIL.test(email)) problems.email = INVALID_EMAIL;
  if (values.password !== '' && values.password.length < MIN_PASSWORD_LENGTH) {
    problems.password = SHORT_PASSWORD;
  }
  return problems;
}
