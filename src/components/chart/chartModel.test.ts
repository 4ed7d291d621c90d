import { describe, expect, it } from 'vitest';
import { makeTurn, sampleRowReps, viewSettings } from '../../rules/fixtures';
import { withBand, type TargetBand } from '../../rules/targetBands';
import { buildWorkoutView, type ViewSettings } from '../../rules/workoutView';
import { buildChart, COLORWAY, OVERLOAD_NAME, WARMUP_NAME, type BarTrace, type ChartInput, type Figure, type LineTrace } from './chartModel';

/** The figure's bar traces. */
const barsOf = (figure: Figure): BarTrace[] => figure.data.filter((t): t is BarTrace => t.type === 'bar');

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

function input(patch: Partial<ViewSettings> & Partial<TargetBand> = {}): ChartInput {
  const s = viewSettings({ dropValue: 10, ...patch });
  const view = buildWorkoutView(sampleRowReps(), s);
  return { rows: view.rows, target: s.target, currentTarget: view.target, currentDrop: view.drop, unit: 'm/s', axisTitle: 'Velocity (m/s)' };
}

describe('buildChart', () => {
  it('draws each closed rep’s eccentric overload as a line on its own axis when asked, with 1× marked', () => {
    const turn = makeTurn(7, 0.93, 1);
    const view = buildWorkoutView(sampleRowReps(), viewSettings(), turn);
    const rows = view.rows.map((row, i) => (row.overload === null ? row : { ...row, overload: { peak: 1 + i / 10, mean: 1 } }));
    const chart = { rows, target: 'None' as const, currentTarget: null, currentDrop: null, unit: 'm/s', axisTitle: '' };
    expect(buildChart(chart).data.some((t) => t.type === 'scatter')).toBe(false);
    const figure = buildChart({ ...chart, overload: true });
    const line = figure.data.find((t): t is LineTrace => t.type === 'scatter')!;
    // Seven closed reps (0–6); the rep under way (7) has no overload yet.
    expect([line.name, line.yaxis, line.x, line.y]).toEqual([OVERLOAD_NAME, 'y2', [0, 1, 2, 3, 4, 5, 6], [1, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6]]);
    expect(figure.layout.yaxis2).toMatchObject({ overlaying: 'y', side: 'right', range: [0, expect.closeTo(1.76, 9)] });
    expect(figure.layout.shapes).toContainEqual(expect.objectContaining({ yref: 'y2', y0: 1, y1: 1 }));
  });

  it('draws no overload line while no rep has concentric power (no plates)', () => {
    const view = buildWorkoutView(sampleRowReps(), viewSettings());
    const rows = view.rows.map((row) => ({ ...row, overload: { peak: 0, mean: 0 } }));
    const figure = buildChart({ rows, target: 'None', currentTarget: null, currentDrop: null, unit: 'm/s', axisTitle: '', overload: true });
    expect(figure.data.some((t) => t.type === 'scatter')).toBe(false);
    expect(figure.layout.yaxis2).toBeUndefined();
  });

  it('draws one bar per rep per phase in valid/invalid traces with the documented colours 0/8 and 1/9', () => {
    const s = viewSettings({ target: 'Fatigue', dropValue: 10 });
    const both = { ...s, targets: withBand(s.targets, 'velocity', 'eccentric', { targetValue: 0.9, dropValue: 10, dropPercent: true }) };
    const view = buildWorkoutView(sampleRowReps(), both);
    const data = barsOf(buildChart({ rows: view.rows, target: 'Fatigue', currentTarget: view.target, currentDrop: view.drop, unit: 'm/s', axisTitle: '' }));
    expect(data.map((t) => [t.name, t.marker.color, t.x, t.offsetgroup])).toEqual([
      ['Concentric (valid)', COLORWAY[0], [1, 2, 3, 4, 5], 'concentric'],
      ['Concentric (invalid)', COLORWAY[8], [6], 'concentric'],
      [WARMUP_NAME, expect.any(String), [0], 'concentric'],
      ['Eccentric (valid)', COLORWAY[1], [1, 2, 3, 4, 5], 'eccentric'],
      ['Eccentric (invalid)', COLORWAY[9], [6], 'eccentric'],
      [WARMUP_NAME, expect.any(String), [0], 'eccentric'],
    ]);
    expect(data.flatMap((t) => t.x)).toHaveLength(14);
    expect(data[4].y).toEqual([0.86]);
  });

  it('styles each bar by its own phase: an eccentric inside its band stays valid when the concentric fails', () => {
    // Concentric Threshold 0.95 m/s; eccentric Threshold 0.9 m/s.
    const s = viewSettings({ target: 'Threshold', targetValue: 0.95 });
    const view = buildWorkoutView(sampleRowReps(), { ...s, targets: withBand(s.targets, 'velocity', 'eccentric', { targetValue: 0.9, dropValue: 0, dropPercent: true }) });
    const { data } = buildChart({ rows: view.rows, target: 'Threshold', currentTarget: view.target, currentDrop: view.drop, unit: 'm/s', axisTitle: '' });
    const xs = Object.fromEntries(data.map((t) => [t.name, t.x]));
    expect(xs['Concentric (invalid)']).toEqual([4, 5, 6]);
    expect(xs['Eccentric (valid)']).toEqual([1, 2, 3, 4, 5]);
    expect(xs['Eccentric (invalid)']).toEqual([6]);
  });

  it('draws invalid bars at full strength, hatched and outlined in ink over 3:1 against the bar and the page; valid bars solid', () => {
    const figure = buildChart(input({ target: 'Fatigue' }));
    const bars = barsOf(figure);
    expect(bars.map((t) => t.name)).toEqual(expect.arrayContaining(['Concentric (valid)', 'Concentric (invalid)']));
    for (const trace of bars.filter((t) => t.name !== WARMUP_NAME)) {
      const { color, pattern, line } = trace.marker;
      if (trace.name.endsWith('(valid)')) {
        expect([pattern, line]).toEqual([undefined, undefined]);
        continue;
      }
      expect(pattern).toMatchObject({ shape: '/', fillmode: 'overlay' });
      expect(pattern!.fgopacity).toBeGreaterThanOrEqual(0.8);
      expect(line!.width).toBeGreaterThanOrEqual(2);
      for (const ink of [pattern!.fgcolor, line!.color]) {
        expect(contrast(ink, color)).toBeGreaterThanOrEqual(3);
        expect(contrast(ink, '#ffffff')).toBeGreaterThanOrEqual(3);
      }
    }
    expect(figure.layout.showlegend).toBe(true);
  });

  it('draws the warmup apart from valid and invalid bars, with one legend entry for both phases', () => {
    const bars = barsOf(buildChart(input({ target: 'Threshold', targetValue: 0.95, warmup: 2 })));
    const warmup = bars.filter((t) => t.name === WARMUP_NAME);
    expect(warmup.map((t) => [t.offsetgroup, t.x, t.showlegend, t.legendgroup])).toEqual([
      ['concentric', [0, 1], true, 'warmup'],
      ['eccentric', [0, 1], false, 'warmup'],
    ]);
    const judged = bars.filter((t) => t.name !== WARMUP_NAME);
    expect(judged.flatMap((t) => t.x)).not.toContain(0);
    expect(judged.flatMap((t) => t.x)).not.toContain(1);
    for (const trace of warmup) {
      expect(judged.map((t) => t.marker.color)).not.toContain(trace.marker.color);
      expect(trace.marker.pattern).toBeUndefined();
      expect(contrast(trace.marker.line!.color, '#ffffff')).toBeGreaterThanOrEqual(3);
    }
  });

  it('draws the concentric of the rep under way and no eccentric bar for it yet', () => {
    const turn = makeTurn(7, 0.93, 1);
    const view = buildWorkoutView(sampleRowReps(), viewSettings(), turn);
    const data = barsOf(buildChart({ rows: view.rows, target: 'None', currentTarget: view.target, currentDrop: view.drop, unit: 'm/s', axisTitle: '' }));
    const bars = (phase: string) => data.filter((t) => t.offsetgroup === phase).flatMap((t) => t.x);
    expect(bars('concentric')).toContain(7);
    expect(bars('eccentric')).not.toContain(7);
  });

  it('uses Plotly’s default colours for indices 0, 1, 8 and 9', () => {
    expect([COLORWAY[0], COLORWAY[1], COLORWAY[8], COLORWAY[9]]).toEqual(['#1f77b4', '#ff7f0e', '#bcbd22', '#17becf']);
  });

  it('labels the x axis W for warmup, then the rep number', () => {
    const { layout } = buildChart(input({ warmup: 2 }));
    expect(layout.xaxis).toMatchObject({ tickvals: [0, 1, 2, 3, 4, 5, 6], ticktext: ['W', 'W', '1', '2', '3', '4', '5'] });
  });

  it('hovers with two decimals and the unit, shows a legend, no Plotly logo, bar radius 5, 10 px top and left', () => {
    const { data, layout, config } = buildChart(input());
    expect(data[0].hovertemplate).toBe('%{y:.2f} m/s<extra>Concentric (valid)</extra>');
    expect(layout).toMatchObject({ showlegend: true, barcornerradius: 5, margin: { t: 10, l: 10 } });
    expect(config).toMatchObject({ displaylogo: false });
  });

  it('draws no band or lines for target None', () => {
    expect(buildChart(input()).layout.shapes).toEqual([]);
  });

  it('bands a Fatigue set from the best rep down to the drop, with a line at each end', () => {
    const shapes = buildChart(input({ target: 'Fatigue' })).layout.shapes;
    expect(shapes.map((s) => [s.type, s.layer])).toEqual([['rect', 'below'], ['line', 'above'], ['line', 'above']]);
    expect(shapes[0].y0).toBeCloseTo(0.9, 10);
    expect(shapes[0].y1).toBe(1);
    expect(shapes[1].y0).toBe(1);
    expect(shapes[2].y0).toBeCloseTo(0.9, 10);
  });

  it('bands a Threshold set from the target up to the top of the axis', () => {
    const { layout } = buildChart(input({ target: 'Threshold', targetValue: 0.9 }));
    expect(layout.yaxis.range[1]).toBeCloseTo(1.1, 10);
    expect(layout.shapes[0]).toMatchObject({ type: 'rect', y0: 0.9 });
    expect(layout.shapes[0].y1).toBeCloseTo(1.1, 10);
    expect(layout.shapes).toHaveLength(2);
  });

  it('bands a Zone from the target value down to the unit drop', () => {
    const shapes = buildChart(input({ target: 'Zone', targetValue: 1, dropValue: 0.05, dropPercent: false })).layout.shapes;
    expect(shapes[0].y0).toBeCloseTo(0.95, 10);
    expect(shapes[0].y1).toBe(1);
  });

  it('keeps an empty chart readable', () => {
    const figure = buildChart({ rows: [], target: 'Fatigue', currentTarget: null, currentDrop: null, unit: 'N', axisTitle: 'Net Force (N)' });
    expect(figure.data).toEqual([]);
    expect(figure.layout.shapes).toEqual([]);
    expect(figure.layout.yaxis.range).toEqual([0, 1]);
  });
});
