import { useEffect, useState } from 'react';

/**
 * Whether this server takes signups (ALLOW_SIGNUP), from GET /api/auth/signup: true until it
 * answers (or when it cannot), so the form is never hidden by a slow or failed check; the
 * server refuses the signup itself anyway.
 */
export function useSignupOpen(): boolean {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/auth/signup', { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ open?: unknown }>) : null))
      .then((body) => {
        if (body && body.open === false) setOpen(false);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return open;
}
