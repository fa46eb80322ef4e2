/**
 * The README's TypeScript examples compile against the built package, as a user's strict React
 * project (jsx react-jsx) would compile them: each ts/tsx fence is written to a temporary
 * directory and type-checked with TypeScript. A fence without an import (a fragment, like the
 * key example) continues the last fence that has one, whose names it uses. Every function of an
 * example named like a component must be one (usable as `<Name />`), and those without props are
 * rendered as `<Name />` too. Runs on dist/, so `build` must have run (turbo's `test` depends on it).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { extractFences } from '@svc/samples';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const packageDir = join(import.meta.dirname, '..');
const README = 'README.md';
const TYPESCRIPT = new Set(['ts', 'typescript', 'tsx']);

/** What a user's strict React project sets; the package resolves to its own dist/ (exports). */
const OPTIONS: ts.CompilerOptions = {
  strict: true,
  jsx: ts.JsxEmit.ReactJSX,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
  skipLibCheck: true,
  noEmit: true,
};

/** One file to type-check: the fences it holds and the lines the test adds after them. */
interface Example {
  /** a fragment, checked after the example it continues (whose components are checked there) */
  fragment: boolean;
  /** the README line of its first fence, for its file name */
  line: number;
  /** the code, fence after fence */
  code: string;
  /** for each line of `code`, the README line it comes from */
  readmeLines: number[];
}

/** The ts/tsx fences of the README, fragments joined to the example they continue. */
function readmeExamples(markdown: string): Example[] {
  const examples: Example[] = [];
  for (const fence of extractFences(markdown, README)) {
    if (!TYPESCRIPT.has(fence.language)) {
      continue;
    }
    const lines = fence.source.trimEnd().split('\n');
    const readmeLines = lines.map((_, index) => fence.line + 1 + index);
    const continued = examples.at(-1);
    if (/^import\s/m.test(fence.source) || continued === undefined) {
      examples.push({ fragment: false, line: fence.line, code: lines.join('\n'), readmeLines });
    } else {
      examples.push({
        fragment: true,
        line: fence.line,
        code: `${continued.code}\n${lines.join('\n')}`,
        readmeLines: [...continued.readmeLines, ...readmeLines],
      });
    }
  }
  return examples;
}

/** Uses of the example's components: each must be a component, and one without props renders as `<Name />`. */
function componentUses(code: string): string {
  const components = [...code.matchAll(/^(?:export\s+)?function\s+([A-Z]\w*)\s*\(([^)]*)\)/gm)];
  return [
    "import type { JSXElementConstructor } from 'react';",
    ...components.map(([, name]) => `${name} satisfies JSXElementConstructor<never>;`),
    ...components
      .filter(([, , params]) => params?.trim() === '')
      .map(([, name]) => `export const use${name} = <${name} />;`),
  ].join('\n');
}

/** The diagnostics of the examples, each at its README line (or in the uses the test adds). */
function typeCheck(examples: Example[]): string[] {
  // Inside the package, so that its dependencies and its own name (dist/, through `exports`) resolve.
  const dir = mkdtempSync(join(packageDir, '.readme-examples-'));
  try {
    const files = new Map<string, Example>();
    for (const example of examples) {
      const file = join(dir, `readme-${example.line}.tsx`);
      writeFileSync(file, `${example.code}\n${example.fragment ? '' : componentUses(example.code)}\n`);
      files.set(file, example);
    }
    const program = ts.createProgram([...files.keys()], OPTIONS);
    const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      const example = diagnostic.file ? files.get(diagnostic.file.fileName) : undefined;
      if (!diagnostic.file || diagnostic.start === undefined) {
        return `TS${diagnostic.code}: ${message}`;
      }
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      const readmeLine = example?.readmeLines[line];
      const where =
        example === undefined
          ? relative(packageDir, diagnostic.file.fileName)
          : readmeLine === undefined
            ? `${README}:${example.line} (the test's use: ${diagnostic.file.text.split('\n')[line]?.trim()})`
            : `${README}:${readmeLine}`;
      return `${where}: TS${diagnostic.code}: ${message}`;
    });
    // A fragment's file repeats the example it continues, and so its diagnostics.
    return [...new Set(diagnostics)];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('README examples', () => {
  const examples = readmeExamples(readFileSync(join(packageDir, README), 'utf8'));

  it('has the TypeScript examples to check', () => {
    expect(examples.length).toBeGreaterThan(0);
    expect(examples.some((example) => /function Transfers\(\)/.test(example.code))).toBe(true);
  });

  it('compile against the built package (strict, jsx react-jsx), their components usable as <Name />', () => {
    expect(typeCheck(examples)).toEqual([]);
  });
});
