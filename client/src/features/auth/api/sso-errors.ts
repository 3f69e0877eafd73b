/**
 * What the login page says when single sign-on sent the browser back with `?sso_error=<code>`:
 * the server only ever sends these codes, never the provider's own text.
 */
const SSO_ERRORS: Record<string, string> = {
  state:
    'The single sign-on could not be checked: it took longer than 10 minutes, or it was started in another browser. Please try again.',
  provider: 'The sign-in provider cancelled or refused the sign-in.',
  failed: 'The answer of the sign-in provider could not be verified. Please try again.',
  unverified_email:
    'An account with this email already exists, but the sign-in provider does not say the email is verified, so it was not joined. Sign in with your password, or ask the person who runs Jotter.',
  signup_off:
    'This account does not exist, and single sign-on does not create accounts on this server. Ask the person who runs it for an account.',
  no_email: 'The sign-in provider did not send an email address, which a new account needs.',
  unavailable: 'The sign-in provider cannot be reached right now. Please try again later.',
};

/** The message for a code, or null when there is none; an unknown code gets a general message. */
export function ssoErrorMessage(code: string | null): string | null {
  if (code === null) return null;
  return SSO_ERRORS[code] ?? 'Single sign-on failed. Please try again.';
}
