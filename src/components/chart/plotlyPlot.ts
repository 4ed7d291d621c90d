/**
 * Plotly's React component, made once for every chart of the app. Only lazy modules import it,
 * so Plotly (≈370 kB gzip) is one chunk of its own, named for it, that loads with the first chart.
 */
import Plotly from 'plotly.js-basic-dist';
import createPlotlyComponent from 'react-plotly.js/factory';

export const Plot = createPlotlyComponent(Plotly);
