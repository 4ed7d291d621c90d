// @vitest-environment happy-dom
/**
 * Settings → Sync over the composed app and a real team server (the server's app on PGlite, in
 * this process, reached through Fastify's inject): an address refused with its reason, checked,
 * joining as a coach's device, the status, the device list, a code for an athlete's phone, and
 * leaving, which keeps the log.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it as base } from 'vitest';
import { startTeamServer } from '../../../tests/unit/teamServerKit';
import { AlertRegion } from '../../app/AlertRegion';
import { composeTestApp, endTestApp, renderWithApp } from '../../compose/testing/testApp';
import { createTestNetwork } from '../../platform/network/testing/testNetwork';
import { SYNC_KEY } from '../../sync/membership';
import SyncSettings from './SyncSettings';

const it = base.extend('server', { scope: 'file' }, async ({}, { onCleanup }) => {
  const server = await startTeamServer();
  onCleanup(() => server.close());
  return server;
});

describe('Settings → Sync', { timeout: 90_000 }, () => {
  it('joins a team as a coach’s device, shows its status and devices, makes a code for an athlete’s phone, and leaves keeping the log', async ({ server }) => {
    const { coachCode } = await server.newTeam();
    const network = createTestNetwork((url, init) => server.send(url, init));
    const app = composeTestApp({ network: () => network });
    try {
      await app.startBackground();
      renderWithApp(
        <MemoryRouter>
          <SyncSettings />
          <AlertRegion />
        </MemoryRouter>,
        app,
      );
      const user = userEvent.setup();
      const address = await screen.findByLabelText('Team server’s address');
      await user.type(address, 'http://192.168.1.20:8787');
      expect(screen.getByText(/Plain http:\/\/ sends this device’s key across the network unencrypted/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Check the address' }).hasAttribute('disabled')).toBe(true);
      expect(network.requests).toEqual([]);

      await user.clear(address);
      await user.type(address, server.base);
      await user.click(screen.getByRole('button', { name: 'Check the address' }));
      expect(await screen.findByText(`A Repline team server answers at ${server.base}.`)).toBeTruthy();

      await user.type(screen.getByLabelText('Join code'), coachCode.toLowerCase());
      await user.type(screen.getByLabelText('This device’s name'), 'Coach’s tablet');
      await user.click(screen.getByRole('button', { name: 'Join the team' }));
      expect(await screen.findByText('This device joined Test team as a coach’s device.')).toBeTruthy();
      const status = within(await screen.findByLabelText('Sync status'));
      expect(status.getByText(`Test team on ${server.base}`)).toBeTruthy();
      expect(status.getByText('Coach’s tablet, a coach’s device (the whole team)')).toBeTruthy();
      await waitFor(() => expect(status.getByText('nothing')).toBeTruthy());
      expect(status.queryByText('Last problem')).toBeNull();
      expect(app.ports.memory.read(SYNC_KEY)).toContain('"role":"coach"');

      const devices = await screen.findByRole('list', { name: 'The team’s devices' });
      expect(within(devices).getByText(/Coach’s tablet \(this device\)/)).toBeTruthy();
      expect(within(devices).queryByRole('button', { name: /^Remove / })).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Make a code for Athlete 1' }));
      const code = await screen.findByLabelText('Join code for Athlete 1');
      expect(within(code).getByText(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/)).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Leave the team' }));
      await user.click(within(screen.getByRole('dialog', { name: 'Leave the team?' })).getByRole('button', { name: 'Leave the team' }));
      expect(await screen.findByText('This device left the team; its log stays on it.')).toBeTruthy();
      expect(await screen.findByRole('form', { name: 'Join a team' })).toBeTruthy();
      expect(app.ports.memory.read(SYNC_KEY)).toBeNull();
      const journal = app.journal.value!;
      expect((await journal.athletes()).map((a) => a.name)).toEqual(['Athlete 1']);
    } finally {
      await act(() => endTestApp(app));
      cleanup();
    }
  });
});
