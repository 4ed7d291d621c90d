/** The Profile screen's charts; only reached through `React.lazy`, so Plotly loads with them. */
import { useMemo, type ReactElement } from 'react';
import type { InertiaProfile, ProfileSet } from '../../rules/inertiaProfile';
import { Plot } from '../../components/chart/plotlyPlot';
import { profileFigures } from './profileFigures';

const CONFIG = { displaylogo: false, displayModeBar: false, responsive: true };

export default function ProfileCharts({ sets, profile }: { sets: readonly ProfileSet[]; profile: InertiaProfile }): ReactElement {
  const figures = useMemo(() => profileFigures(sets, profile), [sets, profile]);
  return (
    <div className="profile-charts">
      <div className="chart" role="img" aria-label="Mean concentric velocity of each set against inertia, with its linear fit">
        <Plot data={figures.velocity.data} layout={figures.velocity.layout} config={CONFIG} useResizeHandler style={{ width: '100%', height: '100%' }} />
      </div>
      <div className="chart" role="img" aria-label="Mean angular acceleration of each set against inertia, with its logarithmic fit">
        <Plot data={figures.acceleration.data} layout={figures.acceleration.layout} config={CONFIG} useResizeHandler style={{ width: '100%', height: '100%' }} />
      </div>
    </div>
  );
}
