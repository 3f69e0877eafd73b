import { Link } from 'react-router-dom';
import { ErrorPanel } from '../../components/error-panel';

/** Any unknown path. */
export function NotFoundRoute() {
  return (
    <main className="centered-page">
      <ErrorPanel>
        <h1 className="not-found__title">ERROR 404 : PAGE NOT FOUND</h1>
        <Link to="/home" className="button button--primary">
          Go To Home
        </Link>
      </ErrorPanel>
    </main>
  );
}
