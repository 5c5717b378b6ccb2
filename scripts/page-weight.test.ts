import { describe, expect, it } from 'vitest';
import { routeFilesOf, scriptsOfHtml, staticImportsOfModule } from './page-weight.mjs';

describe('scriptsOfHtml', () => {
  it('finds the module scripts, the modulepreload links and what the inline script imports, the entry included', () => {
    const html = `<head><link rel="modulepreload" href="/assets/shell-A.js"/><link rel="stylesheet" href="/assets/app.css"/>
      <link rel="modulepreload" href="/assets/entry.client-B.js" nonce="n"/></head><body>
      <script nonce="n">window.__reactRouterContext = {};</script>
      <script nonce="n" type="module" async="">;
      import * as route0 from "/assets/root-C.js";
      import * as route1 from "/assets/login-D.js";
      window.__reactRouterManifest = {"entry":{}};
      import("/assets/entry.client-B.js");</script><script type="module" src="/assets/extra-E.js"></script></body>`;
    expect(scriptsOfHtml(html).sort()).toEqual(
      ['/assets/entry.client-B.js', '/assets/extra-E.js', '/assets/login-D.js', '/assets/root-C.js', '/assets/shell-A.js'].sort(),
    );
  });
});

describe('staticImportsOfModule', () => {
  it('follows static imports and re-exports of a built chunk, not the imports it makes later', () => {
    const chunk =
      'import{r as e}from"./rolldown-runtime-X.js";import"./side-effect-Y.js";import*as t from"./ns-Z.js";' +
      'export{a as b}from"./again-W.js";const l=()=>import("./register-form-V.js");e(t,l);';
    expect(staticImportsOfModule(chunk)).toEqual(['./rolldown-runtime-X.js', './side-effect-Y.js', './ns-Z.js', './again-W.js']);
  });
});

describe('routeFilesOf', () => {
  it('lists each route file of routes.ts once', () => {
    const source = `export default [index('routes/home.tsx'), route('a', 'routes/classify.tsx'),
      route('b', 'routes/classify.tsx', { id: 'b' }), route('c', 'routes/layout.tsx', [route('d', 'routes/d.tsx')])];`;
    expect(routeFilesOf(source)).toEqual(['routes/home.tsx', 'routes/classify.tsx', 'routes/layout.tsx', 'routes/d.tsx']);
  });
});
