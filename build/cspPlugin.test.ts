import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspViolationsInHtml } from './cspPlugin';

describe('contentSecurityPolicy', () => {
  const policy = contentSecurityPolicy();
  const directive = (name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

  it('allows scripts from this origin only, plus compiling WebAssembly', () => {
    expect(directive('script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'");
  });

  it('allows fetches from this origin, from a team server over https, and over plain http from this machine only', () => {
    expect(directive('connect-src')).toBe("connect-src 'self' https: http://localhost:* http://127.0.0.1:*");
    expect(directive('worker-src')).toBe("worker-src 'self'");
  });

  it('names no remote origin beyond connect-src and allows neither inline code nor eval', () => {
    const others = policy.split('; ').filter((d) => !d.startsWith('connect-src ')).join('; ');
    expect(others).not.toMatch(/https?:|\*|'unsafe-inline'|'unsafe-eval'/);
    expect(policy).not.toMatch(/'unsafe-inline'|'unsafe-eval'|http:(?!\/\/(localhost|127\.0\.0\.1):\*)/);
  });

  it('leaves out directives a meta element cannot carry', () => {
    expect(policy).not.toMatch(/frame-ancestors|report-uri|sandbox/);
  });
});

describe('cspViolationsInHtml', () => {
  it('accepts a page with only external scripts and stylesheets', () => {
    const html = '<head><script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="stylesheet" href="/assets/index.css"><script id="vite-plugin-pwa:register-sw" src="/registerSW.js"></script></head>';
    expect(cspViolationsInHtml(html)).toEqual([]);
  });

  it.each([
    ['<script>navigator.serviceWorker.register("/sw.js")</script>', 'inline script'],
    ['<script src="/a.js">alert(1)</script>', 'inline script'],
    ['<style>body{margin:0}</style>', 'inline <style> element'],
    ['<div style="color:red"></div>', 'inline style attribute'],
    ['<button onclick="go()"></button>', 'inline event handler'],
    ['<script src="https://cdn.example.com/x.js"></script>', 'remote URL'],
    ['<link rel="stylesheet" href="//fonts.example.com/a.css">', 'remote URL'],
  ])('reports %s as %s', (html, kind) => {
    expect(cspViolationsInHtml(html).join('\n')).toContain(kind);
  });
});
