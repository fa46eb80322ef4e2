import { describe, expect, it } from 'vitest';
import {
  EMPTY_DATA_URL,
  findRemoteReferences,
  replaceRemoteResources,
  telemetryDisabled,
} from '../src/self-contained.js';

describe('findRemoteReferences', () => {
  const cases: Array<[string, string, string[]]> = [
    [
      "Redocly's default output (script from the CDN)",
      '<link rel="modulepreload" href="https://cdn.redocly.com/redoc/v3.0.1/bundles/redoc.standalone.js">' +
        '<script type="module">import { hydrate } from "https://cdn.redocly.com/redoc/v3.0.1/bundles/redoc.standalone.js";</script>',
      ['link href', 'cdn or telemetry host', 'module import', 'cdn or telemetry host'],
    ],
    ['script src', '<script src="https://example.org/app.js"></script>', ['element src/data']],
    ['protocol-relative img', "<img alt='x' src='//example.org/a.png'>", ['element src/data']],
    ['stylesheet link', '<link href="https://example.org/a.css" rel="stylesheet">', ['link href']],
    ['css @import', '<style>@import "https://example.org/a.css";</style>', ['css @import']],
    ['css url()', '<style>body{background:url( "https://example.org/bg.png")}</style>', ['css url()']],
    ['dynamic import', "<script>import('https://esm.example/x.js')</script>", ['module import']],
    [
      'google fonts',
      '<style>@font-face{src:url(https://fonts.gstatic.com/s/x.woff2)}</style>',
      ['css url()', 'cdn or telemetry host'],
    ],
    ['telemetry endpoint in script', 'var t=`https://otel.cloud.redocly.com/v1/traces`;', ['cdn or telemetry host']],
    ['otlp default collector', 'url:`http://localhost:4318/`+t', ['otlp default collector']],
    ['a link a reader may click is not a fetch', '<a href="https://docs.svc.example/support">support</a>', []],
    [
      'a URL in text or a code sample is not a fetch',
      "<pre>curl -X POST 'https://sandbox.api.svc.example/item/remove'</pre>",
      [],
    ],
    ['data and fragment urls are local', '<img src="data:,"><svg><rect fill="url(#clip0)"/></svg>', []],
  ];
  it.each(cases)('%s', (_name, html, kinds) => {
    expect(findRemoteReferences(html).map((reference) => reference.kind)).toEqual(kinds);
  });
});

describe('replaceRemoteResources', () => {
  it("replaces every URL on Redoc's hosts and the OTLP default with an empty data URL", () => {
    const html =
      'Zo={"font-awesome":`https://cdn.redocly.com/icons/fa/7.0.0`};' +
      'src:e?`https://cdn.redoc.ly/redoc/logo-mini-full.svg`:`https://cdn.redoc.ly/redoc/logo-mini.svg`;' +
      'lce=`https://otel.cloud.redocly.com/v1/traces`;url:`http://localhost:4318/`+t;' +
      '<a href="https://redocly.com/redoc/">Redocly</a>';
    const { html: output, replaced } = replaceRemoteResources(html);
    expect(output).toBe(
      `Zo={"font-awesome":\`${EMPTY_DATA_URL}\`};src:e?\`${EMPTY_DATA_URL}\`:\`${EMPTY_DATA_URL}\`;` +
        `lce=\`${EMPTY_DATA_URL}\`;url:\`${EMPTY_DATA_URL}\`+t;<a href="https://redocly.com/redoc/">Redocly</a>`,
    );
    expect([...replaced.keys()]).toEqual([
      'https://cdn.redocly.com/icons/fa/7.0.0',
      'https://cdn.redoc.ly/redoc/logo-mini-full.svg',
      'https://cdn.redoc.ly/redoc/logo-mini.svg',
      'https://otel.cloud.redocly.com/v1/traces',
      'http://localhost:4318/',
    ]);
    expect(findRemoteReferences(output)).toEqual([]);
  });
});

describe('telemetryDisabled', () => {
  it.each([
    ['{"disableTelemetry":true}', true],
    ['{"disableTelemetry":false}', false],
    ['{"disableTelemetry":true} {"disableTelemetry":false}', false],
    ['{}', false],
  ])('%s → %s', (html, want) => {
    expect(telemetryDisabled(html)).toBe(want);
  });
});
