// plotly.js-basic-dist ships no types; react-plotly.js/factory only needs the object it exports.
declare module 'plotly.js-basic-dist' {
  const Plotly: object;
  export default Plotly;
}
