/**
 * Export CSV (docs/behaviour.md §4 "CSV export"): a session as the session CSV, handed to the share port
 * (native share sheet or a download). The outcome's message goes to the status region on success
 * ("Metrics shared …") and to the alert region on failure. The session module (with the CSV
 * parser behind its import half) loads on the first export, not with the Workout screen.
 * The live set's export sits here, not in the Workout screen, because a storage alert offers it
 * too: the user can keep the set the moment the journal cannot.
 */
import type { ReadonlySignal } from '@preact/signals-react';
import type { FirmwareVersion } from '../device/unit';
import type { Rep, SampleBatch } from '../engine/types';
import type { LoadSpan } from '../rules/loads';
import { PLATE_STEPS, plateInertia, plateTotal } from '../rules/plates';
import type { SessionCsvInput } from '../csv';
import type { SessionTagsInput } from '../csv';
import type { SharePort } from '../platform/share/port';
import type { WorkoutSettings } from '../rules/settingsModel';
import type { Alerts } from '../stores/alerts';
import type { LiveSession } from './liveSession';

/** Firmware written when no unit has been connected this visit (docs/behaviour.md §8's silent fallback is 0). */
const NO_FIRMWARE: FirmwareVersion = { major: 0, minor: 0, patch: 0 };

/**
 * A session to export: when, its settings, the unit's firmware (null: none connected), reps,
 * samples, and its loads when known (an imported debug file does not know them).
 */
export interface SessionToExport {
  date: Date;
  settings: WorkoutSettings;
  firmware: FirmwareVersion | null;
  reps: Rep[];
  raw: SampleBatch;
  loads?: readonly LoadSpan[];
}

export function sessionCsvInput({ date, settings: s, firmware, reps, raw, loads }: SessionToExport): SessionCsvInput {
  return {
    date,
    firmware: firmware ?? NO_FIRMWARE,
    mass: s.mass,
    inertia: plateTotal(s.plates),
    reps,
    plates: PLATE_STEPS.map((step, i) => ({ plate: plateInertia(step), count: s.plates[i] })),
    raw: { timeUs: raw.timeUs, angleDeg: raw.angleDeg },
    sets: { restS: s.setRestS, loads, warmup: s.warmup, metric: s.metric, phase: s.phase },
  };
}

/** Where an export's outcome is told: the status region on success, the alert region on failure. */
export type ExportReport = Pick<Alerts, 'showError' | 'showStatus'>;

export async function exportSessionCsv(input: SessionCsvInput, s: WorkoutSettings, share: SharePort, report: ExportReport): Promise<void> {
  const { buildSessionCsv, csvFileName, shareCsv, tagsLabel } = await import('../csv');
  const rates = { hz: s.hz, calcAngularVelocity: s.calcAngularVelocity, calcAngularAcceleration: s.calcAngularAcceleration };
  const name = csvFileName('session', input.date, rates, input.tags === undefined ? undefined : tagsLabel(input.reps, input.sets, input.tags));
  const outcome = await shareCsv(name, buildSessionCsv(input), share);
  if (outcome.ok) report.showStatus(outcome.message);
  else report.showError(outcome.message);
}

/** What the live export reads besides the session: the settings, the unit's firmware, where it reports, and who is who (none: no athletes block). */
export interface LiveExportDeps {
  settings: ReadonlySignal<WorkoutSettings>;
  firmware: ReadonlySignal<FirmwareVersion | null>;
  alerts: Pick<Alerts, 'attempt' | 'showError' | 'showStatus'>;
  /** The team once it is in (team/team.ts): it names the athletes and exercises of the tags. */
  team?: ReadonlySignal<{ names(): Pick<SessionTagsInput, 'athlete' | 'exercise'> } | null>;
}

/** The set on screen, every sample of it, as the user's CSV, with the athletes block once the athletes are known (failures go to the alert region). */
export async function exportLiveSession(session: LiveSession, share: () => SharePort, { settings, firmware, alerts, team }: LiveExportDeps): Promise<void> {
  const s = settings.peek();
  const input = sessionCsvInput({ date: new Date(), settings: s, firmware: firmware.peek(), reps: session.reps.peek(), raw: session.raw(), loads: session.loads.peek() });
  const who = team?.peek()?.names() ?? null;
  const tags = session.tags.peek();
  await alerts.attempt(() => exportSessionCsv(who === null || tags.length === 0 ? input : { ...input, tags: { tags, notes: session.notes.peek(), ...who } }, s, share(), alerts));
}
