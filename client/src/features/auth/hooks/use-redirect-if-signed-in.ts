import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { useAuth } from './auth-context';

/** On arrival at login or signup while signed in: say so and go to /home. */
export function useRedirectIfSignedIn(): void {
  const { isAuth } = useAuth();
  const navigate = useNavigate();
  const wasSignedIn = useRef(isAuth);

  useEffect(() => {
    if (!wasSignedIn.current) return;
    toast.info('You Are Already Logged In', { toastId: 'already-logged-in' });
    void navigate('/home', { replace: true });
  }, [navigate]);
}
