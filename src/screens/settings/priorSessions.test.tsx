// @vitest-environment happy-dom
/**
 * Settings → Sync on Ana's phone, which trained alone as "Athlete 1" before joining her coach's
 * team, over composed apps and a real team server: after joining, her team athlete is up on the
 * Workout screen and the page offers her two sessions; declined, nothing goes up and the offer
 * stays; accepted, the coach's tablet pulls both as Ana's and the phone keeps Ana alone.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect } from 'vitest';
import { AlertRegion } from '../../app/AlertRegion';
import { it, teamDevice } from '../../compose/testing/teamApp';
import { endTestApp, renderWithApp } from '../../compose/testing/testApp';
import { synthesizeSet } from '../../device';
import { storeWithAthleteSessions, TWO_INERTIAS } from '../../journal/testKit';
import { createAthlete } from '../../rules/athletes';
import SyncSettings from './SyncSettings';

const OFFER = 'This phone holds 2 sessions of Athlete 1 recorded before joining: count them as Ana’s and share them with the team.';

describe('Settings → Sync on an athlete’s phone with sessions from before it joined', { timeout: 90_000 }, () => {
  it('offers them; declined, they stay on the phone; accepted, the coach sees both as Ana’s', async ({ server }) => {
    const { coachCode } = await server.newTeam();
    const tablet = await teamDevice(server);
    const phone = await teamDevice(server, () => storeWithAthleteSessions(TWO_INERTIAS, synthesizeSet));
    const onServer = async () => (await server.db.query<{ id: string }>("select id from sessions where id in ('light', 'heavy') order by id")).map((r) => r.id);
    try {
      const coach = await tablet.app.journal.value!.sync.load();
      await coach.join(server.base, coachCode, 'tablet');
      await (await tablet.app.journal.value!.opened()).write([{ kind: 'athlete', record: createAthlete({ name: 'Ana', bodyMass: 60 }, { id: 'ana', now: Date.now() }) }]);
      const { code } = await coach.inviteAthlete('ana');

      renderWithApp(
        <MemoryRouter>
          <SyncSettings />
          <AlertRegion />
        </MemoryRouter>,
        phone.app,
      );
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('Team server’s address'), server.base);
      await user.type(screen.getByLabelText('Join code'), code);
      await user.type(screen.getByLabelText('This device’s name'), 'Ana’s phone');
      await user.click(screen.getByRole('button', { name: 'Join the team' }));
      expect(await screen.findByText('This device joined Test team as an athlete’s phone.')).toBeTruthy();
      expect(await screen.findByText(OFFER)).toBeTruthy();
      await expect.poll(() => phone.app.team.value?.store.athleteId.value).toBe('ana');

      // Declined: nothing goes up, at this sync or the next, and the offer stays.
      await user.click(screen.getByRole('button', { name: 'Count them as Ana’s' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Count 2 sessions as Ana’s?' }));
      expect(dialog.getByText(/Athlete 1 \(this phone’s own\) leaves its athletes: Ana trains here from now on/)).toBeTruthy();
      await user.click(dialog.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      await act(() => phone.app.journal.value!.sync.service.value!.syncNow());
      expect(await onServer()).toEqual([]);
      expect(screen.getByText(OFFER)).toBeTruthy();
      // She may still bring her own athlete up and train as them meanwhile.
      act(() => phone.app.team.value!.switchTo('first-athlete'));
      expect(phone.app.team.value!.store.athleteId.value).toBe('first-athlete');

      await user.click(screen.getByRole('button', { name: 'Count them as Ana’s' }));
      await user.click(within(screen.getByRole('dialog', { name: 'Count 2 sessions as Ana’s?' })).getByRole('button', { name: 'Count them as Ana’s' }));
      expect(await screen.findByText('2 sessions are now Ana’s; they go to the team with the next sync.')).toBeTruthy();
      await waitFor(() => expect(screen.queryByText(OFFER)).toBeNull());
      await expect.poll(onServer, { timeout: 30_000 }).toEqual(['heavy', 'light']);

      await coach.syncNow();
      const pulled = (await tablet.app.journal.value!.history()).filter((h) => h.id === 'light' || h.id === 'heavy');
      expect(pulled.map((h) => [h.id, h.athleteIds]).sort()).toEqual([
        ['heavy', ['ana']],
        ['light', ['ana']],
      ]);
      expect((await phone.app.journal.value!.athletes()).map((a) => a.name)).toEqual(['Ana']);
      await expect.poll(() => phone.app.team.value?.store.athleteId.value).toBe('ana');
      const kept = await phone.app.journal.value!.history();
      expect(kept.map((h) => [h.id, h.athleteIds]).sort()).toEqual([
        ['heavy', ['ana']],
        ['light', ['ana']],
      ]);
      expect((await phone.app.journal.value!.recorded('light')).reps.length).toBeGreaterThan(0);
    } finally {
      for (const d of [tablet, phone]) await act(() => endTestApp(d.app));
    }
  });
});
