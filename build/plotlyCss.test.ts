import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseRules, plotlyGlobalCss } from './plotlyCss';

describe('plotlyGlobalCss', () => {
  it('expands the X and Y aliases exactly as Plotly does at run time', () => {
    const source = [
      '  var require_plotcss = __commonJS({',
      '    "build/plotcss.js"() {',
      '      var rules = {',
      '        "X,X div": \'font-family:"Open Sans";margin:0;\',',
      '        "X .modebar": "position:absolute;top:2px;",',
      '        Y: "position:fixed;",',
      '        "Y p": "margin:0;"',
      '      };',
    ].join('\n');
    expect(plotlyGlobalCss(source).split('\n')).toEqual([
      '.js-plotly-plot .plotly,.js-plotly-plot .plotly div{font-family:"Open Sans";margin:0;}',
      '.js-plotly-plot .plotly .modebar{position:absolute;top:2px;}',
      '.plotly-notifier{position:fixed;}',
      '.plotly-notifier p{margin:0;}',
    ]);
  });

  it('finds the rules in the Plotly bundle the app ships', () => {
    const path = createRequire(import.meta.url).resolve('plotly.js-basic-dist');
    const css = plotlyGlobalCss(readFileSync(path, 'utf8'));
    expect(css).toContain('.js-plotly-plot .plotly .modebar{position:absolute;top:2px;right:2px;}');
    expect(css).toContain('.plotly-notifier .notifier-close:hover{');
  });

  it('fails clearly when the bundle no longer has the rules module', () => {
    expect(() => plotlyGlobalCss('var x = 1;')).toThrow('could not find the rules of build/plotcss.js');
  });
});

describe('parseRules', () => {
  it('refuses anything but string keys and string values', () => {
    expect(() => parseRules('{ "a": someCall() }')).toThrow('cannot parse the rules near');
  });
});
