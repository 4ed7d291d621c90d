/**
 * Composed test apps on a team: `it` starts one real team server per test file (the server's own
 * app on PGlite, tests/unit/teamServerKit.ts), and `teamDevice` composes an app whose network is
 * the test double that reaches it (offline, dropped requests and chances on demand).
 */
import { it as base } from 'vitest';
import { startTeamServer, type TeamServer } from '../../../tests/unit/teamServerKit';
import { createTestNetwork, type TestNetwork } from '../../platform/network/testing/testNetwork';
import type { App } from '../compose';
import { composeTestApp, type TestPorts } from './testApp';

export const it = base.extend('server', { scope: 'file' }, async ({}, { onCleanup }) => {
  const server = await startTeamServer();
  onCleanup(() => server.close());
  return server;
});

/** A composed app, started, on `server`'s network (its journal from `openJournal`, a fresh one by default). */
export async function teamDevice(server: TeamServer, openJournal?: TestPorts['openJournal']): Promise<{ app: App & { ports: TestPorts }; network: TestNetwork }> {
  const network = createTestNetwork((url, init) => server.send(url, init));
  const app = composeTestApp({ network: () => network, ...(openJournal === undefined ? {} : { openJournal }) });
  await app.startBackground();
  return { app, network };
}
