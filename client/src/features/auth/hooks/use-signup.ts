import { useCallback, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { toast } from '../../../lib/toast';
import { graphQLErrorCode, graphQLErrorMessage } from '../../../lib/errors';
import { SignupDocument } from '../api/auth-operations';
import type { SignupValues } from '../api/demo-users';
import { useLogin } from './use-login';

/**
 * Signs up, then logs in with the same email and password. Refuses (without a request) when the
 * passwords differ. `loading` covers both requests. One action, one snackbar: the spec's two
 * messages (sign-up's, then the login's or the server's reason) show together.
 */
export function useSignup() {
  const [mutate] = useMutation(SignupDocument);
  const { login, loading: loggingIn } = useLogin();
  const [signingUp, setSigningUp] = useState(false);

  const signup = useCallback(
    async (values: SignupValues, invite?: string): Promise<void> => {
      if (values.password !== values.confirmPassword) {
        toast.error("Password Doesn't match! Please Try Again");
        return;
      }
      setSigningUp(true);
      try {
        await mutate({ variables: { input: invite ? { ...values, invite } : values } });
      } catch (error) {
        console.error('Signup failed:', error);
        const code = graphQLErrorCode(error);
        const reason =
          code === 'CONFLICT' || code === 'BAD_USER_INPUT' || code === 'FORBIDDEN'
            ? graphQLErrorMessage(error)
            : undefined;
        toast.error(reason ? ['Signup Failed, Try Again!', reason] : 'Signup Failed, Try Again!');
        return;
      } finally {
        setSigningUp(false);
      }
      await login(values.email, values.password, ['Signup successful!']);
    },
    [mutate, login],
  );

  return { signup, loading: signingUp || loggingIn };
}
