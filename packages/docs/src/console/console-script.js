/**
 * @module console/console-script
 * Adds the "Try it" console to the built page: its data (`console-data.js`) as a JSON script
 * element, its stylesheet, and its code (`schema-check.js` and `console-page.js`, read as text,
 * their `import` lines and `export` keywords removed, wrapped in one function) as one inline
 * script. Nothing is loaded from anywhere: the page stays self-contained.
 */
import { readFileSync } from 'node:fs';
import { consoleData } from './console-data.js';
import { CONSOLE_DATA_ID } from './console-page.js';

/** The `id` of the console's inline script and of its `<style>`. */
export const CONSOLE_SCRIPT_ID = 'svc-console';
export const CONSOLE_STYLE_ID = 'svc-console-style';

/** The browser modules of the console, in the order they are inlined (dependencies first). */
const BROWSER_MODULES = [
  'schema-check.js',
  'arazzo-expressions.js',
  'arazzo-run.js',
  'console-page.js',
  'workflow-panel.js',
];

/** The console's stylesheet: a light card in Redoc's right panel, usable down to narrow windows. */
export const CONSOLE_STYLE = `
.svc-console { margin: 16px 0; padding: 8px 12px; background: #fff; color: #1b1b1b; border-radius: 6px;
  border: 1px solid #c9ced6; font: 14px/1.45 system-ui, sans-serif; }
.svc-console summary { cursor: pointer; font-weight: 600; padding: 4px 0; }
.svc-console summary:focus-visible, .svc-console :focus-visible { outline: 2px solid #1a56db; outline-offset: 2px; }
.svc-console fieldset { border: 1px solid #dde1e6; border-radius: 4px; margin: 8px 0; padding: 6px 10px; min-width: 0; }
.svc-console legend { font-weight: 600; padding: 0 4px; }
.svc-console .svc-field { display: flex; flex-direction: column; gap: 2px; margin: 6px 0; }
.svc-console label { font-weight: 500; }
.svc-console input, .svc-console select, .svc-console textarea { box-sizing: border-box; width: 100%; max-width: 100%;
  font: 13px/1.4 ui-monospace, monospace; padding: 4px 6px; border: 1px solid #8a939f; border-radius: 3px; background: #fff; color: #1b1b1b; }
.svc-console textarea { resize: vertical; min-height: 8em; }
.svc-console textarea[aria-invalid='true'] { border-color: #b42318; }
.svc-console button { font: inherit; margin: 4px 6px 4px 0; padding: 4px 10px; border: 1px solid #1a56db; border-radius: 4px;
  background: #fff; color: #1a56db; cursor: pointer; }
.svc-console button.svc-send { background: #1a56db; color: #fff; }
.svc-console button:disabled { opacity: 0.6; cursor: progress; }
.svc-console .svc-problems { color: #b42318; margin: 4px 0; padding-left: 18px; }
.svc-console .svc-note { font-size: 12px; color: #4a5361; margin: 4px 0; }
.svc-console .svc-carry button { font-size: 12px; }
.svc-console pre { white-space: pre-wrap; overflow-wrap: anywhere; max-height: 24em; overflow: auto; background: #f5f6f8;
  color: #1b1b1b; padding: 6px; border-radius: 4px; font: 12px/1.4 ui-monospace, monospace; }
.svc-console .svc-facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 8px; margin: 4px 0; }
.svc-console .svc-facts dd { margin: 0; overflow-wrap: anywhere; }
.svc-console a { color: #1a56db; }
.svc-console [hidden] { display: none; }
.svc-console .svc-steps { list-style: none; padding-left: 0; margin: 6px 0; }
.svc-console .svc-step pre { white-space: pre-wrap; overflow-wrap: anywhere; }
.svc-console .svc-step { margin: 8px 0; padding: 4px 8px; border-left: 4px solid #8a939f; min-width: 0; }
.svc-console .svc-step-passed { border-left-color: #1f7a3a; }
.svc-console .svc-step-failed { border-left-color: #b42318; }
.svc-console .svc-step-failed > .svc-step-heading { color: #b42318; }
.svc-console .svc-step-heading, .svc-console .svc-step-label { margin: 4px 0; }
.svc-console .svc-criteria { margin: 2px 0; padding-left: 18px; overflow-wrap: anywhere; }
.svc-console .svc-criteria [data-holds='false'] { color: #b42318; }
`;

/** @param {string} name a file of this folder */
function browserModuleText(name) {
  const source = readFileSync(new URL(name, import.meta.url), 'utf8');
  const code = source
    .replace(/^import[^;]*;\n/gm, '')
    .replace(/^export (?=(const|function|async function|let|class) )/gm, '');
  if (/^\s*(import|export)\b/m.test(code)) {
    throw new Error(`console/${name} has an import or export the page script cannot hold`);
  }
  return `// ${name}\n${code}`;
}

/**
 * The console's code as one classic script: the browser modules in one function scope, then
 * `startConsole` with the embedded data.
 * @returns {string}
 */
export function consoleScript() {
  return [
    '(() => {',
    '"use strict";',
    ...BROWSER_MODULES.map(browserModuleText),
    `startConsole(JSON.parse(document.getElementById(${JSON.stringify(CONSOLE_DATA_ID)}).textContent));`,
    '})();',
  ].join('\n');
}

/** @param {string} text the body of an inline `<script>` */
function scriptSafe(text) {
  return text.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

/**
 * `html` with the console added: its style at the end of `<head>`, its data and script at the end
 * of `<body>`.
 * @param {string} html the built page
 * @param {import('@svc/openapi-kit').OpenApiDocument} document the bundled spec
 * @param {import('@svc/openapi-kit').WorkflowFile[]} workflowFiles the Arazzo documents of the Workflows section
 * @returns {string}
 */
export function withConsole(html, document, workflowFiles) {
  if (html.includes(`id="${CONSOLE_SCRIPT_ID}"`)) {
    throw new Error(`the page already has the console (<script id="${CONSOLE_SCRIPT_ID}">)`);
  }
  const headEnd = html.indexOf('</head>');
  const bodyEnd = html.lastIndexOf('</body>');
  if (headEnd < 0 || bodyEnd < 0) {
    throw new Error('the rendered page has no </head> or </body> to add the console to');
  }
  const data = JSON.stringify(consoleData(document, workflowFiles)).replace(/</g, '\\u003c');
  const tail = [
    `<script type="application/json" id="${CONSOLE_DATA_ID}">${data}</script>`,
    `<script id="${CONSOLE_SCRIPT_ID}">${scriptSafe(consoleScript())}</script>`,
  ].join('\n');
  return [
    html.slice(0, headEnd),
    `<style id="${CONSOLE_STYLE_ID}">${CONSOLE_STYLE}</style>\n`,
    html.slice(headEnd, bodyEnd),
    `${tail}\n`,
    html.slice(bodyEnd),
  ].join('');
}
