import { useEffect, useState } from 'react';

/** Whether the signup form can be used, and why not when the server said so. */
export interface SignupOpen {
  open: boolean;
  /** Why an invitation cannot be used (used, revoked, expired), when it cannot. */
  problem?: string;
}

/**
 * Whether this server takes signups (ALLOW_SIGNUP), or this visitor's invitation (`invite`, from
 * the link an admin made) opens it, from GET /api/auth/signup: open until it answers (or when it
 * cannot), so the form is never hidden by a slow or failed check; the server refuses the signup
 * itself anyway.
 */
export function useSignupOpen(invite?: string): SignupOpen {
  const [state, setState] = useState<SignupOpen>({ open: true });
  useEffect(() => {
    const controller = new AbortController();
    const query = invite ? `?invite=${encodeURIComponent(invite)}` : '';
    fetch(`/api/auth/signup${query}`, { signal: controller.signal })
      .then((res) =>
        res.ok ? (res.json() as Promise<{ open?: unknown; problem?: unknown }>) : null,
      )
      .then((body) => {
        if (body && body.open === false) {
          setState({
            open: false,
            problem: typeof body.problem === 'string' ? body.problem : undefined,
          });
        }
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [invite]);
  return state;
}
