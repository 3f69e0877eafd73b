import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { Shield } from 'lucide-react';
import { IsAdminDocument } from '../api/is-admin';

/** The account menu's link to /admin, for admins only (asked when the menu first opens). */
export function AdminMenuItem() {
  const { data } = useQuery(IsAdminDocument);
  if (!data?.me.isAdmin) return null;
  return (
    <Link to="/admin" role="menuitem" className="dropdown__item">
      <Shield size={16} aria-hidden /> Admin
    </Link>
  );
}
