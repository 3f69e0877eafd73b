import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { toast } from '../../../lib/toast';
import type { StoredUser } from '../../../lib/storage';
import { useAuth } from '../hooks/auth-context';

/** The user of a token, from GET /api/user. */
async function userOf(token: string): Promise<StoredUser> {
  const res = await fetch('/api/user', { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET /api/user answered ${res.status}`);
  const { user } = (await res.json()) as { user: StoredUser & { _id: string } };
  return {
    id: user._id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

/**
 * /login/sso#token=…: where single sign-on lands. The token comes in the fragment, which no
 * server or proxy ever sees; the page takes it out of the address (and the history) at once,
 * keeps it as a login does and goes on to /home.
 */
export function SsoPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!token) {
      void navigate('/login?sso_error=failed', { replace: true });
      return;
    }
    userOf(token)
      .then(async (user) => {
        signIn(token, user);
        toast.success(`Login successful, Welcome ${user.firstName}`);
        await navigate('/home', { replace: true });
      })
      .catch(async (error: unknown) => {
        console.error('Single sign-on failed:', error);
        await navigate('/login?sso_error=failed', { replace: true });
      });
  }, [navigate, signIn]);

  return (
    <main className="auth-page">
      <LoadingOverlay label="Signing in" />
    </main>
  );
}
