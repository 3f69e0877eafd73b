import { useCallback, useState } from 'react';
import { WebAuthnError } from '@simplewebauthn/browser';
import { useLocation, useNavigate } from 'react-router-dom';
import { RestError } from '../../../lib/rest';
import { toast } from '../../../lib/toast';
import { signInWithPasskey } from '../api/passkey-sign-in';
import { useAuth } from './auth-context';
import { returnPath } from './use-login';

/**
 * "Sign in with a passkey": the browser asks which passkey, the server checks it, and the user
 * lands where login would have taken them. Cancelling the browser's prompt says nothing.
 */
export function usePasskeyLogin() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [loading, setLoading] = useState(false);

  const loginWithPasskey = useCallback(async () => {
    setLoading(true);
    try {
      const { token, user } = await signInWithPasskey();
      signIn(token, user);
      toast.success(`Login successful, Welcome ${user.firstName}`);
      await navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      if (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') return;
      if (error instanceof Error && error.name === 'NotAllowedError') return;
      console.error('Passkey sign-in failed:', error);
      toast.error(
        error instanceof RestError
          ? ['Login Failed, Try Again!', error.message]
          : 'Login Failed, Try Again!',
      );
    } finally {
      setLoading(false);
    }
  }, [signIn, navigate, location.state]);

  return { loginWithPasskey, loading };
}
