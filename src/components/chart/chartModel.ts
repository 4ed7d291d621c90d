/**
 * The repetition column chart (docs/behaviour.md §2, §4, §9) as plain Plotly figure data, built without Plotly
 * so it is cheap to test. One bar per rep per phase, each styled by its own phase's validity;
 * valid and invalid bars of a phase are two traces sharing an offset group, so the legend names
 * each style and each rep keeps its slot. Colours are Plotly's default colorway: concentric
 * 0 (valid) / 8 (invalid), eccentric 1 / 9. The eccentric of the rep under way has no bar until
 * its rep closes.
 *
 * Three looks a glance tells apart, in colour or not (a colour-blind athlete reads the pattern):
 * - valid: the phase's colour, solid;
 * - invalid: the phase's invalid colour at full strength, hatched with dark stripes and outlined
 *   in dark (colours 8 and 9 are pale: faded, a failed rep all but vanished);
 * - warmup: light grey with a grey outline and a legend entry of its own ("Warmup"), as a warmup
 *   rep is not judged at all rather than failed.
 *
 * Any target but None draws the shown phase's band, from the current target to the current drop
 * (or to the top of the axis for Threshold), with boundary lines; the band sits under the bars,
 * the lines over them.
 *
 * With the eccentric overload on (the same choice as the table's column), each rep's
 * eccentric/concentric peak-power ratio is a line over the bars on an axis of its own at the
 * right, with 1 (as much braking as driving power) marked: a ratio is not in the metric's unit.
 */
import { figureDecimals, PHASE_LABELS, PHASES } from '../../rules/labels';
import type { TargetType } from '../../rules/target';
import type { RepRow } from '../../rules/workoutView';

/** Plotly's default colorway (plotly.js/src/components/color/attributes.js). */
export const COLORWAY = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'] as const;

const COLOUR_INDEX = {
  concentric: { valid: 0, invalid: 8 },
  eccentric: { valid: 1, invalid: 9 },
} as const;

/** The stripes and outline of an invalid bar: dark slate, over 3:1 against the bar's pale colour and the white page. */
export const INVALID_INK = '#1e293b';
/** A warmup bar: light grey, outlined in a grey of over 3:1 against the page. */
export const WARMUP_FILL = '#e2e8f0';
export const WARMUP_LINE = '#64748b';
export const WARMUP_NAME = 'Warmup';
const BAND_COLOUR = 'rgba(34, 197, 94, 0.15)';
const LINE_COLOUR = 'rgba(22, 163, 74, 0.9)';

export interface ChartInput {
  rows: readonly RepRow[];
  target: TargetType;
  currentTarget: number | null;
  currentDrop: number | null;
  /** e.g. "m/s", for the tooltip. */
  unit: string;
  /** e.g. "Velocity (m/s)", for the value axis. */
  axisTitle: string;
  /** Draw each rep's eccentric overload (peak power ratio) as a line on a second axis. */
  overload?: boolean;
}

export interface BarMarker {
  color: string;
  line?: { color: string; width: number };
  pattern?: { shape: '/'; fillmode: 'overlay'; fgcolor: string; fgopacity: number; solidity: number; size: number };
}

export interface BarTrace {
  type: 'bar';
  name: string;
  x: number[];
  y: number[];
  offsetgroup: string;
  marker: BarMarker;
  hovertemplate: string;
  /** One legend entry for the warmup bars of both phases. */
  legendgroup?: string;
  showlegend?: boolean;
}

export interface LineTrace {
  type: 'scatter';
  mode: 'lines+markers';
  name: string;
  x: number[];
  y: number[];
  yaxis: 'y2';
  line: { color: string; width: number };
  hovertemplate: string;
}

export interface Shape {
  type: 'rect' | 'line';
  xref: 'paper';
  yref: 'y' | 'y2';
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  layer: 'below' | 'above';
  fillcolor?: string;
  line: { width: number; color?: string; dash?: string };
}

export interface Figure {
  data: (BarTrace | LineTrace)[];
  layout: Record<string, unknown> & { shapes: Shape[]; yaxis: { range: [number, number] } & Record<string, unknown> };
  config: Record<string, unknown>;
}

type Look = 'valid' | 'invalid' | 'warmup';

function look(row: RepRow, phase: (typeof PHASES)[number]): Look {
  if (row.count <= 0) return 'warmup';
  return row.validity[phase] === true ? 'valid' : 'invalid';
}

function marker(phase: (typeof PHASES)[number], style: Look): BarMarker {
  if (style === 'warmup') return { color: WARMUP_FILL, line: { color: WARMUP_LINE, width: 1.5 } };
  const color = COLORWAY[COLOUR_INDEX[phase][style]];
  if (style === 'valid') return { color };
  return { color, line: { color: INVALID_INK, width: 2 }, pattern: { shape: '/', fillmode: 'overlay', fgcolor: INVALID_INK, fgopacity: 0.9, solidity: 0.3, size: 9 } };
}

function traces(rows: readonly RepRow[], unit: string): BarTrace[] {
  const out: BarTrace[] = [];
  // The tooltip's figures as the table's (rules/labels.ts `figure`), at the set's largest value.
  const decimals = figureDecimals(Math.max(0, ...rows.flatMap((row) => [Math.abs(row.concentric), Math.abs(row.eccentric ?? 0)])));
  for (const phase of PHASES) {
    for (const style of ['valid', 'invalid', 'warmup'] as const) {
      const chosen = rows.flatMap((row) => {
        const y = row[phase];
        return y !== null && look(row, phase) === style ? [{ index: row.index, y }] : [];
      });
      if (chosen.length === 0) continue;
      const name = style === 'warmup' ? WARMUP_NAME : `${PHASE_LABELS[phase]} (${style})`;
      const legend = style === 'warmup' ? { legendgroup: 'warmup', showlegend: !out.some((t) => t.name === WARMUP_NAME) } : {};
      out.push({
        type: 'bar',
        name,
        x: chosen.map((bar) => bar.index),
        y: chosen.map((bar) => bar.y),
        offsetgroup: phase,
        marker: marker(phase, style),
        hovertemplate: `%{y:.${decimals}f} ${unit}<extra>${style === 'warmup' ? `${PHASE_LABELS[phase]} warmup` : name}</extra>`,
        ...legend,
      });
    }
  }
  return out;
}

/** Plotly's colour index 4 (purple): apart from both phases' valid and invalid colours. */
const OVERLOAD_COLOUR = COLORWAY[4];
export const OVERLOAD_NAME = 'Eccentric overload (peak power ×)';

/** The closed reps' peak-power ratios; none while no rep has concentric power (inertia 0). */
function overloadTrace(rows: readonly RepRow[]): LineTrace | null {
  const points = rows.flatMap((row) => (row.overload === null || row.overload.peak === 0 ? [] : [{ x: row.index, y: row.overload.peak }]));
  if (points.length === 0) return null;
  return {
    type: 'scatter',
    mode: 'lines+markers',
    name: OVERLOAD_NAME,
    x: points.map((p) => p.x),
    y: points.map((p) => p.y),
    yaxis: 'y2',
    line: { color: OVERLOAD_COLOUR, width: 2 },
    hovertemplate: `%{y:.2f}×<extra>${OVERLOAD_NAME}</extra>`,
  };
}

function line(y: number): Shape {
  return { type: 'line', xref: 'paper', yref: 'y', x0: 0, x1: 1, y0: y, y1: y, layer: 'above', line: { width: 2, color: LINE_COLOUR, dash: 'dash' } };
}

/** The band and its boundary lines, or none for target None or while there is no target yet. */
export function targetShapes(input: ChartInput, axisMax: number): Shape[] {
  const { target, currentTarget, currentDrop } = input;
  if (target === 'None' || currentTarget === null) return [];
  const other = target === 'Threshold' ? axisMax : currentDrop;
  if (other === null) return [];
  const band: Shape = {
    type: 'rect',
    xref: 'paper',
    yref: 'y',
    x0: 0,
    x1: 1,
    y0: Math.min(currentTarget, other),
    y1: Math.max(currentTarget, other),
    layer: 'below',
    fillcolor: BAND_COLOUR,
    line: { width: 0 },
  };
  return target === 'Threshold' ? [band, line(currentTarget)] : [band, line(currentTarget), line(other)];
}

/** Top of the value axis: 10 % above the highest bar or boundary, so the band's top shows. */
export function axisMaximum(input: ChartInput): number {
  const values = input.rows.flatMap((row) => (row.eccentric === null ? [row.concentric] : [row.concentric, row.eccentric]));
  if (input.currentTarget !== null) values.push(input.currentTarget);
  if (input.currentDrop !== null) values.push(input.currentDrop);
  const max = Math.max(0, ...values);
  return max > 0 ? max * 1.1 : 1;
}

export function buildChart(input: ChartInput): Figure {
  const axisMax = axisMaximum(input);
  const overload = input.overload === true ? overloadTrace(input.rows) : null;
  const shapes = targetShapes(input, axisMax);
  const overloadAxis =
    overload === null
      ? {}
      : {
          yaxis2: {
            title: { text: 'Overload (×)' },
            overlaying: 'y',
            side: 'right',
            range: [0, Math.max(1.5, ...overload.y) * 1.1],
            automargin: true,
            fixedrange: true,
            showgrid: false,
          },
        };
  if (overload !== null) {
    shapes.push({ type: 'line', xref: 'paper', yref: 'y2', x0: 0, x1: 1, y0: 1, y1: 1, layer: 'below', line: { width: 1, color: OVERLOAD_COLOUR, dash: 'dot' } });
  }
  return {
    data: overload === null ? traces(input.rows, input.unit) : [...traces(input.rows, input.unit), overload],
    layout: {
      barmode: 'group',
      barcornerradius: 5,
      margin: { t: 10, l: 10, r: 10, b: 10 },
      autosize: true,
      showlegend: true,
      legend: { orientation: 'h', y: -0.15 },
      xaxis: {
        tickmode: 'array',
        tickvals: input.rows.map((row) => row.index),
        ticktext: input.rows.map((row) => row.label),
        automargin: true,
        fixedrange: true,
      },
      yaxis: { title: { text: input.axisTitle }, range: [0, axisMax], automargin: true, fixedrange: true },
      ...overloadAxis,
      shapes,
      paper_bgcolor: 'rgba(0,0,0,0)',
      plot_bgcolor: 'rgba(0,0,0,0)',
    },
    config: { displaylogo: false, displayModeBar: false, responsive: true },
  };
}
