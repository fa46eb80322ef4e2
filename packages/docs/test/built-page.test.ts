/**
 * Checks the built page (dist/index.html) without a browser: self-contained, free of maintainers'
 * references (interface specification, decision ids), telemetry off, carrying the code samples
 * of every operation of the bundled spec and the Workflows section of every shipped workflow,
 * with the page's own style and search text fix, and the bundled spec beside it for download.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listOperations, readWorkflowFiles } from '@svc/openapi-kit';
import { openapiJsonPath, openapiYamlPath, workflowsPath } from '@svc/spec';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  distDir,
  docsDocumentOf,
  docsDocumentPath,
  findRemoteReferences,
  htmlPath,
  PAGE_STYLE,
  PAGE_STYLE_ID,
  SPEC_DOWNLOADS,
  telemetryDisabled,
  WORD_SEPARATING_NODES,
  WORKFLOWS_HEADING,
  withWordBoundariesInSearch,
} from '../src/index.js';
import { readBundledSpec } from './bundled-spec.js';

let html = '';

beforeAll(() => {
  if (!existsSync(htmlPath)) {
    throw new Error(`${htmlPath} does not exist: build the docs first (\`pnpm run docs\` at the repository root)`);
  }
  html = readFileSync(htmlPath, 'utf8');
});

describe('the built page', () => {
  it('loads nothing from another host: no remote script, style, font, icon or telemetry URL', () => {
    expect(findRemoteReferences(html)).toEqual([]);
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=/i);
    expect(html).not.toMatch(/<link\b[^>]*\bhref=["']?(?:https?:)?\/\//i);
  });

  it.each([
    ['the interface specification', /interface(?:\s|\\n)+specification/i],
    ['a decision id', /\bD-[A-Z]+-[0-9]+\b/],
  ])('speaks to API users: never names %s', (_what, pattern) => {
    const found = pattern.exec(html);
    expect(found && html.slice(Math.max(0, found.index - 80), found.index + 80)).toBeNull();
  });

  it('has Redoc telemetry off', () => {
    expect(telemetryDisabled(html)).toBe(true);
  });

  it('is rendered from the current bundled spec with the code samples of every operation', () => {
    const expected = docsDocumentOf(readBundledSpec());
    expect(JSON.parse(readFileSync(docsDocumentPath, 'utf8'))).toEqual(expected);
    for (const entry of listOperations(expected)) {
      for (const sample of entry.operation['x-codeSamples'] as Array<{ source: string }>) {
        expect(html, `sample of ${entry.path}`).toContain(JSON.stringify(sample.source).slice(1, -1));
      }
    }
  });

  it('has the Workflows section, naming every shipped workflow and its steps', () => {
    expect(html).toContain(WORKFLOWS_HEADING.replace(/^#+ /, ''));
    for (const { document } of readWorkflowFiles(workflowsPath)) {
      for (const workflow of document.workflows) {
        expect(html, workflow.workflowId).toContain(`Workflow \`${workflow.workflowId}\``);
        for (const step of workflow.steps) {
          expect(html, `${workflow.workflowId} › ${step.stepId}`).toContain(`\`${step.stepId}\`: `);
        }
      }
    }
  });

  it("has the page's own style and Redoc's search text extractor replaced", () => {
    expect(html).toContain(`<style id="${PAGE_STYLE_ID}">${PAGE_STYLE}</style>`);
    expect(html).toContain(JSON.stringify(WORD_SEPARATING_NODES));
    expect(() => withWordBoundariesInSearch(html)).toThrow(/found it 0 times/);
  });

  it('has the bundled spec beside it, as the download links name it', () => {
    const sources = { yaml: openapiYamlPath, json: openapiJsonPath };
    for (const { file, format } of SPEC_DOWNLOADS) {
      expect(readFileSync(join(distDir, file), 'utf8'), file).toBe(readFileSync(sources[format], 'utf8'));
      expect(html, file).toContain(`<a href="${file}"`);
    }
  });
});
