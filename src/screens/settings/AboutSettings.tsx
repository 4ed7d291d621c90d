/**
 * Settings → About: the app version (from package.json at build time) and the licences of the
 * app and of the third-party code it ships.
 */
import type { ReactElement } from 'react';
import { version } from '../../../package.json';

export const LICENCES: readonly { name: string; licence: string; url: string }[] = [
  { name: 'React and React DOM', licence: 'MIT', url: 'https://github.com/facebook/react/blob/main/LICENSE' },
  { name: 'React Router', licence: 'MIT', url: 'https://github.com/remix-run/react-router/blob/main/LICENSE.md' },
  { name: 'Preact Signals', licence: 'MIT', url: 'https://github.com/preactjs/signals/blob/main/LICENSE' },
  { name: 'Plotly.js (basic bundle)', licence: 'MIT', url: 'https://github.com/plotly/plotly.js/blob/master/LICENSE' },
  { name: 'react-plotly.js', licence: 'MIT', url: 'https://github.com/plotly/react-plotly.js/blob/master/LICENSE' },
  { name: 'Papa Parse', licence: 'MIT', url: 'https://github.com/mholt/PapaParse/blob/master/LICENSE' },
  { name: 'idb', licence: 'ISC', url: 'https://github.com/jakearchibald/idb/blob/main/LICENSE' },
  { name: 'Capacitor', licence: 'MIT', url: 'https://github.com/ionic-team/capacitor/blob/main/LICENSE' },
  { name: 'Workbox', licence: 'MIT', url: 'https://github.com/GoogleChrome/workbox/blob/v7/LICENSE' },
];

export default function AboutSettings(): ReactElement {
  return (
    <div>
      <h2>About</h2>
      <dl className="facts">
        <dt>Version</dt>
        <dd>{version}</dd>
      </dl>
      <h3>Licence</h3>
      <p>
        Repline is released under the MIT licence: you may use, copy, modify and distribute it, provided the copyright
        notice and this permission notice are kept. It comes without warranty of any kind.
      </p>
      <h3>Third-party software</h3>
      <ul className="licences">
        {LICENCES.map((item) => (
          <li key={item.name}>
            {item.name} — <a href={item.url}>{item.licence}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
