/**
 * One sync run (docs/sync.md §10): the token checked (`GET /api/me`, which also says whether the
 * server still holds the team this device joined), then push, then pull. The first run after
 * joining pulls before it pushes, so that a new device's untouched first athlete gives way to the
 * team's roster instead of joining it (journal/placeholder.ts), then pushes what the device holds,
 * then pulls again. A server that holds the team under another id (rebuilt from a backup) is
 * pushed everything and pulled from the start. Any request may fail: the run then stops where it is, and the next one resumes
 * from the marks kept in the journal.
 */
import { emptyReport, addReports, type MergeReport } from '../journal/logMerge';
import { forgetPlaceholder, placeholderAthlete } from '../journal/placeholder';
import { META, type RunContext } from './context';
import { pullChanges } from './pull';
import { pushChanges } from './push';

export interface RunReport {
  /** Records, chunks and gaps the server took. */
  sent: number;
  /** What the pulls merged. */
  pulled: MergeReport;
  /** Edits re-timed by the server's clock (`clock-ahead`). */
  retimed: number;
}

export interface RunOptions {
  teamId: string;
  /** The first run after joining. */
  first: boolean;
  /** The server holds the team under another id than the one joined (a server rebuilt from a backup): the run starts from no mark. */
  onTeamChanged(team: { id: string; name: string }): void;
}

export async function syncRun(ctx: RunContext & RunOptions): Promise<RunReport> {
  await ctx.journal.settled();
  const me = await ctx.client.me();
  if (me.team.id !== ctx.teamId) {
    await forgetTeamMarks(ctx);
    ctx.onTeamChanged(me.team);
  }
  let pulled = emptyReport();
  if (ctx.first) {
    const placeholder = await placeholderAthlete(ctx.store);
    pulled = await pullChanges(ctx);
    // Through the journal's `merge`, so that the team reads its athletes again; a device that
    // records meanwhile keeps its first athlete (it has a session for them by then anyway).
    if (placeholder !== null) await ctx.journal.merge((store) => forgetPlaceholder(store, placeholder)).catch(() => false);
  }
  const pushed = await pushChanges(ctx);
  pulled = addReports(pulled, await pullChanges(ctx));
  return { sent: pushed.sent, pulled, retimed: pushed.retimed };
}

/** Forgets what this device knew of a team: the next run pushes everything and pulls from the start. */
export async function forgetTeamMarks(ctx: Pick<RunContext, 'store'>): Promise<void> {
  await ctx.store.write([
    { kind: 'meta', key: META.pushed, value: 0 },
    { kind: 'meta', key: META.cursor, value: null },
    { kind: 'meta', key: META.seen, value: '' },
  ]);
}
