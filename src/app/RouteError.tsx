/** Shown when a screen throws or a lazy chunk fails to load: says what happened, offers a way back. */
import type { ReactElement } from 'react';
import { Link, useRouteError } from 'react-router-dom';
import { messageOf } from '../state/alerts';

export function RouteError(): ReactElement {
  const error = useRouteError();
  return (
    <main className="main">
      <h1>Something went wrong</h1>
      <p role="alert">{messageOf(error)}</p>
      <p>
        <Link to="/">Back to Workout</Link>
      </p>
    </main>
  );
}
