/**
 * @module extract
 * Finds the samples of Markdown files: fenced code blocks in `sh`/`bash`/`shell` that call curl,
 * and in `ts`/`typescript`. A block whose info string has the word `norun` is a sample not meant
 * to run (a fragment, a command for another machine) and is reported as skipped; `status=<code>`
 * in the info string is the HTTP status every curl call of the block must get (default: a 2xx).
 */

/**
 * One sample.
 * @typedef {object} Sample
 * @property {string} name where it is, e.g. `packages/mock/README.md:112`
 * @property {'curl' | 'typescript'} kind
 * @property {string} source the code as written
 * @property {boolean} skip marked `norun`
 * @property {number} [status] the expected HTTP status of its curl calls
 */

const SHELL = new Set(['sh', 'bash', 'shell']);
const TYPESCRIPT = new Set(['ts', 'typescript']);

/**
 * One fenced code block of a Markdown text.
 * @typedef {object} Fence
 * @property {string} name where it is, e.g. `packages/mock/README.md:112` (the line of its opening fence)
 * @property {number} line the line of its opening fence (1-based)
 * @property {string} language the first word of its info string (`ts`, `sh`, …; empty when none)
 * @property {string[]} words the rest of its info string, e.g. `['norun']`
 * @property {string} source its code as written
 */

/**
 * The fenced code blocks (``` or ~~~) of one Markdown text.
 * @param {string} markdown
 * @param {string} file its path, for the names
 * @returns {Fence[]}
 */
export function extractFences(markdown, file) {
  /** @type {Fence[]} */
  const fences = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const open = /^(`{3,}|~{3,})\s*(\S*)\s*(.*)$/.exec(lines[index] ?? '');
    if (!open) {
      continue;
    }
    const [, fence = '```', language = '', rest = ''] = open;
    const start = index;
    const body = [];
    for (index++; index < lines.length && !(lines[index] ?? '').startsWith(fence); index++) {
      body.push(lines[index]);
    }
    fences.push({
      name: `${file}:${start + 1}`,
      line: start + 1,
      language,
      words: rest.split(/\s+/).filter(Boolean),
      source: `${body.join('\n')}\n`,
    });
  }
  return fences;
}

/**
 * The samples of one Markdown text.
 * @param {string} markdown
 * @param {string} file its path, for the names
 * @returns {Sample[]}
 */
export function extractSamples(markdown, file) {
  return extractFences(markdown, file).flatMap(({ name, language, words, source }) => {
    const status = words.map((word) => /^status=(\d{3})$/.exec(word)?.[1]).find(Boolean);
    const kind = TYPESCRIPT.has(language)
      ? 'typescript'
      : SHELL.has(language) && /(^|\s)curl\s/.test(source)
        ? 'curl'
        : undefined;
    return kind
      ? [{ name, kind, source, skip: words.includes('norun'), ...(status ? { status: Number(status) } : {}) }]
      : [];
  });
}
