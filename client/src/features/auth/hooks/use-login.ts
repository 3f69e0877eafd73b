import { useCallback, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { graphQLErrorCode, graphQLErrorMessage } from '../../../lib/errors';
import { LoginDocument } from '../api/auth-operations';
import { useAuth } from './auth-context';

/** Where the route guard asked to come back to after signing in, if anywhere. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && from !== '/login' ? from : '/home';
}

/**
 * Signs in, greets the user and goes back to the page the guard stopped them at (else /home).
 * `login` resolves to whether it worked; `loading` is true while the request is in flight.
 * `lead`: what the same action said first (a sign-up's "Signup successful!"), in the same
 * snackbar as the greeting or the failure.
 */
export function useLogin() {
  const [mutate] = useMutation(LoginDocument);
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [loading, setLoading] = useState(false);

  const login = useCallback(
    async (email: string, password: string, lead: readonly string[] = []): Promise<boolean> => {
      setLoading(true);
      try {
        const { data } = await mutate({ variables: { email, password } });
        if (!data) throw new Error('login returned no data');
        signIn(data.login.token, data.login.user);
        toast.success([...lead, `Login successful, Welcome ${data.login.user.firstName}`]);
        await navigate(returnPath(location.state), { replace: true });
        return true;
      } catch (error) {
        console.error('Login failed:', error);
        // A refusal with a reason (a disabled account) says it beside the spec's words.
        const reason = graphQLErrorCode(error) === 'FORBIDDEN' && graphQLErrorMessage(error);
        toast.error([...lead, 'Login Failed, Try Again!', ...(reason ? [reason] : [])]);
        return false;
      } finally {
        setLoading(false);
      }
    },
    [mutate, signIn, navigate, location.state],
  );

  return { login, loading };
}
