/**
 * Settings → Data: one athlete's sessions as session CSV files, one file per session they trained
 * in, cut down to them where a coach ran several athletes in it (logFile/logTransfer.ts), each
 * named for the athlete and what they did in it (`…-ana-squat.csv`: files of several athletes
 * and exercises in one folder tell themselves apart, csv/fileName.ts) and handed to the share port together, in one share: a
 * browser lets a page share only once per tap, so sharing them in turn was refused after the first.
 */
import { useEffect, useState, type ReactElement } from 'react';
import { buildSessionCsv, csvFileName, shareCsvFiles, tagsLabel } from '../../csv';
import type { Journaling } from '../../journal/journaling';
import type { LogFile } from '../../logFile/logFile';
import type { SharePort } from '../../platform/share/port';
import type { Athlete } from '../../rules/athletes';
import { SelectField } from '../../components/SelectField';
import { messageOf } from '../../shared/messageOf';
import { useStores } from '../../compose/appContext';

interface Props {
  journal: (Pick<Journaling, 'state' | 'athletes'> & Pick<LogFile, 'athleteSessions'>) | null;
  share: () => SharePort;
}

export function AthleteExport({ journal, share }: Props): ReactElement | null {
  const { attempt, showError, showStatus } = useStores().alerts;
  const [athletes, setAthletes] = useState<Athlete[]>([]);
  const [chosen, setChosen] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const open = journal?.state.value.kind === 'open';

  useEffect(() => {
    if (!open || journal === null) return;
    void attempt(async () => {
      const list = (await journal.athletes()).sort((a, b) => a.name.localeCompare(b.name));
      setAthletes(list);
      setChosen((current) => (list.some((a) => a.id === current) ? current : (list[0]?.id ?? '')));
    });
  }, [journal, open]);

  async function exportAll(): Promise<void> {
    const athlete = athletes.find((a) => a.id === chosen);
    if (journal === null || athlete === undefined) return;
    setBusy(true);
    try {
      const sessions = await journal.athleteSessions(athlete.id);
      if (sessions.length === 0) {
        showStatus(`${athlete.name} has no finished session yet.`);
        return;
      }
      const files = sessions.map((s) => ({
        fileName: csvFileName('session', new Date(s.startedAt), { hz: s.settings.hz, calcAngularVelocity: s.settings.calcAngularVelocity, calcAngularAcceleration: s.settings.calcAngularAcceleration }, tagsLabel(s.input.reps, s.input.sets, s.input.tags)),
        csv: buildSessionCsv(s.input),
      }));
      const outcome = await shareCsvFiles(files, share());
      if (outcome.ok) showStatus(`${outcome.message} (${files.length} CSV file${files.length === 1 ? '' : 's'} of ${athlete.name}'s sessions)`);
      else showError(`${outcome.message} (none of ${athlete.name}'s ${files.length} files was exported)`);
    } catch (error) {
      showError(`${athlete.name}'s sessions could not be exported: ${messageOf(error)}`);
    } finally {
      setBusy(false);
    }
  }

  if (athletes.length === 0) return null;
  return (
    <section aria-labelledby="athlete-export-title">
      <h3 id="athlete-export-title">Export an athlete&apos;s sessions</h3>
      <SelectField label="Athlete" value={chosen} options={athletes.map((a) => ({ value: a.id, label: a.archived ? `${a.name} (archived)` : a.name }))} onChange={setChosen} />
      <button type="button" className="button" disabled={!open || busy} onClick={() => void exportAll()}>
        Export their sessions as CSV files
      </button>
    </section>
  );
}
