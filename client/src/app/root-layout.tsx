import { useCallback, useState } from 'react';
import { SideMenu } from '../components/side-menu';
import { TopBar } from '../components/top-bar';
import { AuthProvider, useAuth } from '../features/auth/hooks/auth-context';
import { useLogout } from '../features/auth/hooks/use-logout';
import { ThemeToggle } from '../features/theme/components/theme-toggle';
import { PageOutlet } from './page-outlet';

function Chrome() {
  const { user, isAuth } = useAuth();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const onLogout = () => void logout();

  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <TopBar
        user={isAuth ? user : null}
        themeToggle={<ThemeToggle />}
        onLogout={onLogout}
        onOpenMenu={() => setMenuOpen(true)}
      />
      <SideMenu open={menuOpen} signedIn={isAuth} onClose={closeMenu} onLogout={onLogout} />
      <div id="content" className="page">
        <PageOutlet />
      </div>
    </>
  );
}

/** Every page: top bar, phone side menu and the routed page, under the auth state. */
export function RootLayout() {
  return (
    <AuthProvider>
      <Chrome />
    </AuthProvider>
  );
}
