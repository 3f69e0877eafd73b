import { useEffect, useState } from 'react';

/** What the server offers on the login page (GET /api/auth/options): no secret in it. */
export interface AuthOptions {
  /** False (PASSWORD_LOGIN=off): no email and password form, no password signup. */
  passwordLogin: boolean;
  /** Single sign-on: the button's label and where it starts; null when not configured. */
  oidc: { label: string; startUrl: string } | null;
  signupOpen: boolean;
}

/**
 * The server's sign-in options, or null until it answers (or when it cannot): the pages then show
 * the password form as before, and the server refuses what it does not take anyway.
 */
export function useAuthOptions(): AuthOptions | null {
  const [options, setOptions] = useState<AuthOptions | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/auth/options', { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<AuthOptions>) : null))
      .then((body) => {
        if (body && typeof body.passwordLogin === 'boolean') setOptions(body);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return options;
}
