/**
 * docs/behaviour.md §2 settings layout (content "not shown"): a heading, a sub-navigation and the child page.
 * Decided: General (athlete and processing), Unit, Data (what is kept, Delete all data), Sync (a
 * team server), About, plus links to the History and the sensor test page.
 */
import type { ReactElement } from 'react';
import { NavLink, Outlet } from 'react-router-dom';

export default function SettingsLayout(): ReactElement {
  return (
    <section className="screen settings">
      <h1>Settings</h1>
      <nav className="subnav" aria-label="Settings">
        <NavLink to="/settings" end>
          General
        </NavLink>
        <NavLink to="/settings/unit">Unit</NavLink>
        <NavLink to="/settings/data">Data</NavLink>
        <NavLink to="/settings/sync">Sync</NavLink>
        <NavLink to="/settings/about">About</NavLink>
        <NavLink to="/history">History</NavLink>
        <NavLink to="/test">Sensor test</NavLink>
      </nav>
      <Outlet />
    </section>
  );
}
