/**
 * Prism's operations of a document, prepared at build time for the bundled spec. Prism turns a
 * document into its operations by dereferencing it and converting every operation (0.5 to 0.9 s
 * for the bundled spec on 2 cores), and the mock checks a static response against its schema the
 * first time it serves it (compiling that schema: about a third of the first request's time).
 * The build does both once for the bundled spec (the checks for the success responses) and
 * writes the result beside this module; the mock reads it back (about 30 ms) when it serves the
 * same document with the same Prism. Any other document, or a changed one, is converted at
 * start-up and its responses checked when first served.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { convertOperations, prismEngineOf } from './prism-engine.js';
import { loadPrismHttp, type PrismOperation } from './prism-http.js';

/** Where the build writes the prepared operations: `dist/prism/prism-operations.json`. */
export const PREPARED_OPERATIONS_URL = new URL('./prism-operations.json', import.meta.url);

/** What the engine starts from: Prism's operations, and the static responses known to match their schemas. */
export interface EngineInput {
  operations: PrismOperation[];
  /** Keys of `PrismEngine.checkStaticResponses`. */
  checkedStatic: string[];
}

/** The file the build writes. */
export interface PreparedOperations extends EngineInput {
  generated: string;
  /** SHA-256 of the document's text the operations come from. */
  specSha256: string;
  /** Version of @stoplight/prism-http that converted it. */
  prismHttpVersion: string;
}

/**
 * What the engine starts from for the document whose JSON text is `specText`: the prepared
 * operations and checks when `prepared` holds them for this very text and Prism version, else
 * the operations converted now and no checks.
 */
export async function engineInputOf(specText: string, prepared = PREPARED_OPERATIONS_URL): Promise<EngineInput> {
  const found = await readPrepared(prepared);
  if (found && found.specSha256 === sha256(specText) && found.prismHttpVersion === loadPrismHttp().version) {
    return { operations: found.operations, checkedStatic: found.checkedStatic };
  }
  return { operations: await convertOperations(JSON.parse(specText) as Record<string, unknown>), checkedStatic: [] };
}

/**
 * Converts the document in `specPath`, checks its static success responses, and writes both to `target`
 * (run by the build). Returns what it wrote.
 */
export async function writePreparedOperations(
  specPath: string,
  target = PREPARED_OPERATIONS_URL,
): Promise<PreparedOperations> {
  const specText = await readFile(specPath, 'utf8');
  const operations = await convertOperations(JSON.parse(specText) as Record<string, unknown>);
  // The file is read back as JSON: check the responses of what the mock will read.
  const served = JSON.parse(JSON.stringify(operations)) as PrismOperation[];
  const prepared: PreparedOperations = {
    generated: 'by scripts/prepare-operations.mjs at build time from @svc/spec; do not edit',
    specSha256: sha256(specText),
    prismHttpVersion: loadPrismHttp().version,
    operations,
    checkedStatic: await prismEngineOf(served).checkStaticResponses(),
  };
  await writeFile(target, JSON.stringify(prepared));
  return prepared;
}

async function readPrepared(file: URL): Promise<PreparedOperations | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as PreparedOperations;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return undefined;
    }
    throw error;
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
