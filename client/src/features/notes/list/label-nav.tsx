import { Link, NavLink, useLocation } from 'react-router-dom';
import { Pencil, Tag } from 'lucide-react';
import { useQuery } from '@apollo/client/react';
import { LabelsDocument } from '../api/note-queries';

/** The query string that opens the "Edit labels" dialog on a notes page. */
export const EDIT_LABELS_PARAM = 'labels';
/** The query string that once showed one label's notes on /home: it now goes to its page. */
export const LABEL_PARAM = 'label';

/** The address of a label's page: `/label/` and its name, encoded. */
export const labelPath = (label: string) => `/label/${encodeURIComponent(label)}`;

/**
 * The labels in the sidebar and the phone menu, as Keep has them: each is a page of that label's
 * notes (/label/{name}), marked current while shown, and "Edit labels" opens the dialog over the
 * notes page in view (/home from elsewhere).
 */
export function LabelNav({ onNavigate }: { onNavigate?: () => void }) {
  const { data } = useQuery(LabelsDocument);
  const { pathname } = useLocation();
  const page = pathname === '/archive' || pathname.startsWith('/label/') ? pathname : '/home';
  const labels = data?.labels ?? [];

  return (
    <div className="label-nav">
      {labels.length > 0 && (
        <ul className="label-nav__list" aria-label="Labels">
          {labels.map((label) => (
            <li key={label}>
              <NavLink className="nav-link" to={labelPath(label)} onClick={onNavigate}>
                <Tag size={20} aria-hidden />
                <span>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      )}
      <Link
        className="nav-link"
        to={{ pathname: page, search: `?${EDIT_LABELS_PARAM}=edit` }}
        onClick={onNavigate}
      >
        <Pencil size={20} aria-hidden />
        <span>Edit labels</span>
      </Link>
    </div>
  );
}
