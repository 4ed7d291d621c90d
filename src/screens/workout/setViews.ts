/**
 * The views of a set (the big number, the table, the chart with Plotly, the list of sets, the line
 * about a target not set) are not in the start-up
 * bundle: an empty Workout screen does not need them. A connected unit means reps are coming, so
 * the screen loads them then (the chart only in graph view, `useOnDemand`), and the first rep
 * shows as fast as the others instead of waiting for its code.
 */
export async function loadSetViews() {
  const [{ BigNumber }, { RepsView }, { TeamSetList }, { TargetUnset }] = await Promise.all([import('./BigNumber'), import('./RepsView'), import('./TeamSetList'), import('./TargetUnset')]);
  return { LiveNumber: BigNumber, RepsView, SetList: TeamSetList, TargetUnset };
}

/** Who trains and the rating of the last set (TeamBar.tsx brings RateSet.tsx): loaded once the team has read the athletes. */
export const loadTeamViews = () => import('./TeamBar');

export async function loadRepChart() {
  return (await import('../../components/chart/PlotlyRepChart')).default;
}
