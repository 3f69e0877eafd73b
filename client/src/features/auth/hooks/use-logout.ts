import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { LogoutDocument } from '../api/auth-operations';
import { useAuth } from './auth-context';

/**
 * Logs out: revokes the token on the server (its answer does not matter), leaves the protected
 * pages for /, then forgets the sign-in and the cache.
 */
export function useLogout(): () => Promise<void> {
  const [mutate] = useMutation(LogoutDocument);
  const { signOut } = useAuth();
  const navigate = useNavigate();

  return useCallback(async () => {
    try {
      await mutate();
    } catch (error) {
      console.error('Server-side logout failed; signing out locally anyway:', error);
    }
    // The landing page is on screen (flushSync) before the sign-in is forgotten, so the
    // protected layout's guard never sees a signed-out user.
    await navigate('/', { flushSync: true });
    signOut();
    toast.success('You Are Now Logged Out');
  }, [mutate, signOut, navigate]);
}
