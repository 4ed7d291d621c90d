/**
 * The Profile screen's two charts as plain Plotly data, built without Plotly so they are cheap
 * to test: the sets as points, and each fit as a line through them (velocity: straight; angular
 * acceleration: the logarithm, drawn out to the maximum flywheel load where it reaches 0).
 */
import type { InertiaProfile, ProfileSet } from '../../rules/inertiaProfile';

export interface ProfileFigure {
  data: { type: 'scatter'; mode: 'markers' | 'lines'; name: string; x: number[]; y: number[]; text?: string[] }[];
  layout: Record<string, unknown>;
}

const CURVE_POINTS = 50;

function layout(yTitle: string): Record<string, unknown> {
  return {
    margin: { t: 10, l: 10, r: 10, b: 10 },
    autosize: true,
    showlegend: true,
    legend: { orientation: 'h', y: -0.25 },
    xaxis: { title: { text: 'Inertia (kg·m²)' }, automargin: true, rangemode: 'tozero' },
    yaxis: { title: { text: yTitle }, automargin: true, rangemode: 'tozero' },
    paper_bgcolor: 'rgba(0,0,0,0)',
    plot_bgcolor: 'rgba(0,0,0,0)',
  };
}

export function profileFigures(sets: readonly ProfileSet[], profile: InertiaProfile): { velocity: ProfileFigure; acceleration: ProfileFigure } {
  const xs = sets.map((s) => s.inertia);
  const text = sets.map((s) => s.label);
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  const line = [lo, hi];
  const curveTo = Math.max(hi, profile.maxLoad);
  const curve = Array.from({ length: CURVE_POINTS }, (_, i) => lo + ((curveTo - lo) * i) / (CURVE_POINTS - 1));
  const { velocity: v, acceleration: a } = profile;
  return {
    velocity: {
      data: [
        { type: 'scatter', mode: 'markers', name: 'Sets', x: xs, y: sets.map((s) => s.velocity), text },
        { type: 'scatter', mode: 'lines', name: 'Linear fit', x: line, y: line.map((x) => v.intercept + v.slope * x) },
      ],
      layout: layout('Mean concentric velocity (m/s)'),
    },
    acceleration: {
      data: [
        { type: 'scatter', mode: 'markers', name: 'Sets', x: xs, y: sets.map((s) => s.angularAcceleration), text },
        { type: 'scatter', mode: 'lines', name: 'Logarithmic fit', x: curve, y: curve.map((x) => a.intercept + a.slope * Math.log(x)) },
      ],
      layout: layout('Mean angular acceleration (rad/s²)'),
    },
  };
}
