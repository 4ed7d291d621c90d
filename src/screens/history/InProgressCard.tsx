/**
 * The session being recorded, a recovered one included, at the top of the History: it is not
 * finished, so it is not in the list yet, and a user who just recovered it looks for it here. It
 * lives on the Workout screen until it ends (Reset, or a disconnect), and the card says so.
 */
import { useEffect, useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import type { SessionHistory, SessionInProgress } from '../../journal/sessionHistory';
import { repsText } from '../../rules/labels';
import { useStores } from '../../compose/appContext';

export function InProgressCard({ journal, when, best }: { journal: Pick<SessionHistory, 'inProgress'>; when: (s: SessionInProgress) => string; best: (s: SessionInProgress) => string }): ReactElement | null {
  const { attempt } = useStores().alerts;
  const [session, setSession] = useState<SessionInProgress | null>(null);
  useEffect(() => {
    void attempt(async () => setSession(await journal.inProgress()));
  }, [journal, attempt]);
  if (session === null) return null;
  return (
    <section className="item-card item-card--current" aria-labelledby="in-progress-title">
      <h2 id="in-progress-title" className="item-card__kicker">
        In progress
      </h2>
      <h3 className="item-card__title">{when(session)}</h3>
      <p className="item-card__facts">
        {repsText(session.reps)} · best {best(session)}
      </p>
      <p className="hint">It is on the Workout screen, and joins the list below once it ends (Reset, or disconnect the unit).</p>
      <div className="item-card__actions">
        <Link className="button" to="/">
          Go to the Workout screen
        </Link>
      </div>
    </section>
  );
}
