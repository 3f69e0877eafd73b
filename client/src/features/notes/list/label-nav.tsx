import { Link, useLocation } from 'react-router-dom';
import { Pencil, Tag } from 'lucide-react';
import { useQuery } from '@apollo/client/react';
import { LabelsDocument } from '../api/note-queries';

/** The query string that opens the "Edit labels" dialog on a notes page. */
export const EDIT_LABELS_PARAM = 'labels';
/** The query string that shows one label's notes on a notes page. */
export const LABEL_PARAM = 'label';

/**
 * The labels in the sidebar and the phone menu, as Keep has them: one click shows that label's
 * notes (on the page in view, /home from elsewhere), and "Edit labels" opens the dialog.
 */
export function LabelNav({ onNavigate }: { onNavigate?: () => void }) {
  const { data } = useQuery(LabelsDocument);
  const { pathname } = useLocation();
  const page = pathname === '/archive' ? '/archive' : '/home';
  const labels = data?.labels ?? [];

  return (
    <div className="label-nav">
      {labels.length > 0 && (
        <ul className="label-nav__list" aria-label="Labels">
          {labels.map((label) => (
            <li key={label}>
              <Link
                className="nav-link"
                to={{ pathname: page, search: `?${new URLSearchParams({ [LABEL_PARAM]: label })}` }}
                onClick={onNavigate}
              >
                <Tag size={20} aria-hidden />
                <span>{label}</span>
              </Link>
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
