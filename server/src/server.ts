/**
 * `npm run server`: the team server on this machine. By default on an embedded PGlite database in
 * a data folder (team-data in the folder it starts in, or `--data <folder>` / `REPLINE_DATA`); with
 * `DATABASE_URL=postgres://…` on PostgreSQL instead. The first start makes the team; a start
 * while no coach's device is joined prints a coach's join code (valid 24 h); `--coach-code`
 * prints a new one at any start. README "Run a team server".
 *
 * Options (flags win over the environment): --port / PORT (8787), --host / HOST (0.0.0.0),
 * --data / REPLINE_DATA, --team-name / REPLINE_TEAM_NAME ("Repline team"), --app-origin /
 * REPLINE_APP_ORIGINS (comma-separated; added to the app's own dev and native origins),
 * --requests-per-minute / REPLINE_REQUESTS_PER_MINUTE (per device; 600; 0 turns the limit off,
 * as the load benchmark does to measure the server rather than the limit).
 *
 * `--copy-to postgres://…` copies the data folder's database into an empty PostgreSQL database
 * and exits (README "Moving to PostgreSQL"); then start the server with DATABASE_URL.
 */
import { networkInterfaces } from 'node:os';
import { parseArgs } from 'node:util';
import { buildApp, DEFAULT_APP_ORIGINS, REQUESTS_PER_MINUTE } from './app';
import { copyDatabase } from './db/copy';
import { migrationsDir, openDatabase } from './db/open';
import { openPostgres } from './db/postgres';
import { hasCoach, makeJoinCode, theTeam } from './team/teams';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    data: { type: 'string' },
    'team-name': { type: 'string' },
    'app-origin': { type: 'string', multiple: true },
    'coach-code': { type: 'boolean', default: false },
    'requests-per-minute': { type: 'string' },
    'copy-to': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log('usage: npm run server -- [--port 8787] [--host 0.0.0.0] [--data ./team-data] [--team-name NAME] [--app-origin https://app.example] [--coach-code] [--requests-per-minute 600]\n       DATABASE_URL=postgres://user@host/db npm run server   (PostgreSQL instead of the data folder)\n       npm run server -- --data ./team-data --copy-to postgres://user@host/db   (move the data folder to PostgreSQL, then exit)');
  process.exit(0);
}

const databaseUrl = process.env.DATABASE_URL || null;
const dataDir = databaseUrl === null ? (values.data ?? process.env.REPLINE_DATA ?? './team-data') : null;
const port = Number(values.port ?? process.env.PORT ?? 8787);
const host = values.host ?? process.env.HOST ?? '0.0.0.0';
const origins = [...DEFAULT_APP_ORIGINS, ...(values['app-origin'] ?? []), ...(process.env.REPLINE_APP_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean)];

const { db, migrated } = await openDatabase({ databaseUrl, dataDir });
if (values['copy-to'] !== undefined) {
  const target = await openPostgres(values['copy-to']);
  try {
    const copied = await copyDatabase(db, target, migrationsDir());
    console.log(`Copied ${db.describe} into ${target.describe}: ${Object.entries(copied).map(([t, n]) => `${n} ${t}`).join(', ')}.\nStart the server with DATABASE_URL=<that URL> npm run server.`);
  } finally {
    await target.close();
    await db.close();
  }
  process.exit(0);
}
const { team, created } = await theTeam(db, values['team-name'] ?? process.env.REPLINE_TEAM_NAME ?? 'Repline team');
const perMinute = Number(values['requests-per-minute'] ?? process.env.REPLINE_REQUESTS_PER_MINUTE ?? REQUESTS_PER_MINUTE);
const app = await buildApp({ db, logger: { level: process.env.LOG_LEVEL ?? 'info' }, appOrigins: origins, requestsPerMinute: perMinute > 0 ? perMinute : false });

const stop = async (signal: string) => {
  app.log.info({ signal }, 'stopping');
  await app.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ port, host });
const addresses = host === '0.0.0.0' || host === '::' ? Object.values(networkInterfaces()).flatMap((list) => (list ?? []).filter((a) => a.family === 'IPv4').map((a) => a.address)) : [host];
const lines = [
  '',
  `Repline team server: team "${team.name}"${created ? ' (new)' : ''} on ${db.describe}${migrated.length > 0 ? `, migrated ${migrated.join(', ')}` : ''}`,
  ...addresses.map((a) => `  listening on http://${a}:${port}`),
  '  devices other than this machine need HTTPS: put a reverse proxy in front (README, "Run a team server")',
];
if (values['coach-code'] || !(await hasCoach(db, team.id))) {
  const { code, expiresAt } = await makeJoinCode(db, { teamId: team.id, role: 'coach', athleteId: null, createdBy: null, now: Date.now() });
  lines.push(`  coach's join code: ${code}  (Settings → Sync on the coach's device; valid until ${new Date(expiresAt).toISOString()})`);
}
console.log(lines.join('\n') + '\n');
