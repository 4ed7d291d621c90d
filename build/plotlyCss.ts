/**
 * Plotly injects its stylesheet at run time through a `<style>` element, which a strict
 * `style-src 'self'` blocks. Plotly skips that injection when the page already has an element
 * `#plotly.js-style-global.no-inline-styles` (plotly.js ≥ 2.35), so the build writes the same
 * rules to a static .css file and links it with that id and class.
 *
 * The rules are read from the very Plotly bundle the app ships (its module `plotly.js/build/plotcss.js`),
 * so they cannot drift from the library version; if Plotly changes that module's shape the build
 * fails with a clear Error instead of shipping an unstyled chart.
 */

/** Selector aliases Plotly expands before inserting each rule (see plotly.js/build/plotcss.js). */
const ALIASES: readonly [RegExp, string][] = [
  [/X/g, '.js-plotly-plot .plotly'],
  [/Y/g, '.plotly-notifier'],
];

/** The CSS text of Plotly's global rules, extracted from the source of its dist bundle. */
export function plotlyGlobalCss(bundleSource: string): string {
  const moduleStart = bundleSource.indexOf('"build/plotcss.js"');
  const open = moduleStart < 0 ? -1 : bundleSource.indexOf('var rules = {', moduleStart);
  const close = open < 0 ? -1 : bundleSource.indexOf('\n      };', open);
  if (open < 0 || close < 0) {
    throw new Error('plotlyCss: could not find the rules of build/plotcss.js in the Plotly bundle; has its layout changed?');
  }
  const literal = bundleSource.slice(open + 'var rules = '.length, close + '\n      }'.length);
  const rules = parseRules(literal);
  return Object.entries(rules)
    .map(([selector, style]) => `${ALIASES.reduce((s, [alias, full]) => s.replace(alias, full), selector.replace(/^,/, ' ,'))}{${style}}`)
    .join('\n');
}

/**
 * Parses the object literal of selector → declarations without evaluating it: keys are quoted
 * strings or bare identifiers, values are single- or double-quoted strings.
 */
export function parseRules(literal: string): Record<string, string> {
  const entry = /\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([A-Za-z_$][\w$]*))\s*:\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*(,|\})/y;
  const body = literal.trim();
  if (!body.startsWith('{') || !body.endsWith('}')) throw new Error('plotlyCss: the rules are not an object literal');
  const rules: Record<string, string> = {};
  entry.lastIndex = 1;
  for (;;) {
    const m = entry.exec(body);
    if (m === null) throw new Error(`plotlyCss: cannot parse the rules near "${body.slice(entry.lastIndex, entry.lastIndex + 60)}"`);
    const key = m[1] ?? m[2] ?? m[3]!;
    rules[unescape(key)] = unescape(m[4] ?? m[5]!);
    if (m[6] === '}') break;
  }
  if (Object.keys(rules).length === 0) throw new Error('plotlyCss: no rules found');
  return rules;
}

function unescape(s: string): string {
  return s.replace(/\\(.)/g, '$1');
}
