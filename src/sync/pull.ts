/**
 * Pulling what changed on the server since this device's cursor (docs/sync.md §6): page after
 * page until `more` is false, each page's records checked by the app's parsers and merged into
 * the journal by the log's rules (`mergeEntries`, `from: 'server'`: what the merge leaves as the
 * server sent it is not pushed back), the cursor and the latest stamp received kept in the same
 * transaction, so a run cut between pages resumes after the last page merged. A record the app
 * cannot read is left out and said (the rest of the page is merged). A cursor the server does not
 * know (a server restored from an older backup) starts again from none: the merges make a full
 * pull harmless.
 */
import { stampsIn } from '../log/edits';
import { addReports, emptyReport, type LogEntry, type MergeReport } from '../journal/logMerge';
import type { Stamp } from '../log/stamp';
import { messageOf } from '../shared/messageOf';
import { META, type RunContext } from './context';
import { pulledEntry, ServerError } from './wire';

/** Records per page: a page is one request and one journal transaction. */
export const PULL_LIMIT = 500;

export async function pullChanges(ctx: RunContext): Promise<MergeReport> {
  let report = emptyReport();
  let cursor = ((await ctx.store.meta(META.cursor)) as string | undefined) ?? null;
  let seen = ((await ctx.store.meta(META.seen)) as Stamp | undefined) ?? '';
  for (;;) {
    let reply;
    try {
      reply = await ctx.client.pull(cursor, PULL_LIMIT);
    } catch (error) {
      if (!(error instanceof ServerError && error.reason === 'bad-cursor' && cursor !== null)) throw error;
      cursor = null;
      continue;
    }
    const entries: LogEntry[] = [];
    for (const raw of reply.records) {
      try {
        entries.push(pulledEntry(raw));
      } catch (error) {
        ctx.problem(`A ${raw.kind} from the team server could not be read and was left out: ${messageOf(error)}`);
      }
    }
    for (const entry of entries) {
      if (entry.kind === 'chunk' || entry.kind === 'gap') continue;
      for (const stamp of stampsIn(entry.record)) if (stamp > seen) seen = stamp;
    }
    report = addReports(report, await ctx.journal.mergeEntries(entries, { from: 'server', meta: { [META.cursor]: reply.cursor, [META.seen]: seen } }));
    cursor = reply.cursor;
    if (!reply.more) return report;
  }
}
