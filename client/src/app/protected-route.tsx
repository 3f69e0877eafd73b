import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { toast } from '../lib/toast';
import { AUTH_REQUIRED_TOAST, useAuth } from '../features/auth/hooks/auth-context';

/** Without the login flag: 'Please Login First' and off to /login, remembering where to return. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { isAuth } = useAuth();
  const location = useLocation();

  useEffect(() => {
    if (!isAuth) toast.error('Please Login First', { toastId: AUTH_REQUIRED_TOAST });
  }, [isAuth]);

  if (!isAuth) {
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  }
  return children;
}
