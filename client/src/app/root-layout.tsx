import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { SideMenu } from '../components/side-menu';
import { TopBar } from '../components/top-bar';
import { AdminMenuItem } from '../features/admin/components/admin-menu-item';
import { AuthProvider, useAuth } from '../features/auth/hooks/auth-context';
import { useLogout } from '../features/auth/hooks/use-logout';
import { useOutboxState } from '../features/notes/sync/outbox-context';
import { LabelNav } from '../features/notes/list/label-nav';
import { ThemeToggle } from '../features/theme/components/theme-toggle';

function Chrome({ children }: { children: ReactNode }) {
  const { user, isAuth } = useAuth();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const { count: waitingChanges } = useOutboxState();
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
        waitingChanges={waitingChanges}
        accountItems={<AdminMenuItem />}
      />
      <SideMenu open={menuOpen} signedIn={isAuth} onClose={closeMenu} onLogout={onLogout}>
        {isAuth && <LabelNav onNavigate={closeMenu} />}
      </SideMenu>
      <div id="content" className="page">
        {children}
      </div>
    </>
  );
}

/** Every page: top bar, phone side menu and the routed page, under the auth state. */
export function RootLayout() {
  return (
    <AuthProvider>
      <Chrome>
        <Outlet />
      </Chrome>
    </AuthProvider>
  );
}

/** The top bar and menus alone, while the first page's code loads. */
export function RootFallback() {
  return (
    <AuthProvider>
      <Chrome>{null}</Chrome>
    </AuthProvider>
  );
}
