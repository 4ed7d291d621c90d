/** A friendly page for unknown paths, with the way back. */
import type { ReactElement } from 'react';
import { Link, useLocation } from 'react-router-dom';

export function NotFound(): ReactElement {
  const { pathname } = useLocation();
  return (
    <section className="screen">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>. Your workout is still where you left it.
      </p>
      <p>
        <Link to="/">Back to Workout</Link>
      </p>
    </section>
  );
}
