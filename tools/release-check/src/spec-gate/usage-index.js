/**
 * @module spec-gate/usage-index
 * Which operations and webhooks of a bundled document use a given node. `redocly diff` reports a
 * change to a shared component once, at the first operation it meets; the release notes list
 * every operation the change reaches.
 */
import { decodePointer, encodePointer, nodeAt } from './pointer.js';

/** The HTTP methods of a Path Item. */
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * An operation or webhook of the document.
 * @typedef {object} OperationRef
 * @property {string} pointer e.g. `#/paths/~1item~1get/post`
 * @property {string} label e.g. `POST /item/get`, or `webhook DEFAULT_UPDATE` for a webhook
 */

/**
 * The label of the operation at `method` of the Path Item `key` in `section`.
 * @param {'paths' | 'webhooks'} section
 * @param {string} key the path or the webhook name
 * @param {string} method
 * @returns {string}
 */
export function operationLabel(section, key, method) {
  if (section === 'paths') {
    return `${method.toUpperCase()} ${key}`;
  }
  return method === 'post' ? `webhook ${key}` : `webhook ${key} (${method.toUpperCase()})`;
}

/**
 * Every operation of `section` in the document, with the pointers it starts from (the operation
 * and the Path Item's shared parameters).
 * @param {Record<string, any>} document a bundled OpenAPI document
 * @returns {Array<OperationRef & {roots: string[]}>}
 */
export function listOperations(document) {
  /** @type {Array<OperationRef & {roots: string[]}>} */
  const operations = [];
  for (const section of /** @type {const} */ (['paths', 'webhooks'])) {
    for (const [key, pathItem] of Object.entries(document[section] ?? {})) {
      for (const method of METHODS.filter((candidate) => pathItem?.[candidate])) {
        const pointer = encodePointer([section, key, method]);
        operations.push({
          pointer,
          label: operationLabel(section, key, method),
          roots: [pointer, encodePointer([section, key, 'parameters'])],
        });
      }
    }
  }
  return operations;
}

/**
 * The local `$ref` targets inside the node at `pointer`, as pointers.
 * @param {unknown} node
 * @returns {string[]}
 */
function refsIn(node) {
  /** @type {string[]} */
  const refs = [];
  const stack = [node];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) {
      stack.push(...current);
    } else if (current && typeof current === 'object') {
      for (const [key, value] of Object.entries(current)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) {
          refs.push(value);
        } else {
          stack.push(value);
        }
      }
    }
  }
  return refs;
}

/**
 * An index of one document: for each operation, every node it reaches through `$ref`s.
 */
export class UsageIndex {
  /**
   * @param {Record<string, any>} document a bundled OpenAPI document
   */
  constructor(document) {
    /** @type {Map<string, string[]>} */
    const refCache = new Map();
    const refsOf = (/** @type {string} */ pointer) => {
      let refs = refCache.get(pointer);
      if (!refs) {
        refs = refsIn(nodeAt(document, decodePointer(pointer)));
        refCache.set(pointer, refs);
      }
      return refs;
    };
    /** @type {Array<OperationRef & {reached: string[]}>} */
    this.operations = listOperations(document).map(({ pointer, label, roots }) => {
      const reached = new Set(roots);
      const queue = [...roots];
      while (queue.length > 0) {
        for (const target of refsOf(/** @type {string} */ (queue.pop()))) {
          if (!reached.has(target)) {
            reached.add(target);
            queue.push(target);
          }
        }
      }
      return { pointer, label, reached: [...reached] };
    });
  }

  /**
   * Whether the document has the operation or webhook labelled `label`.
   * @param {string} label
   * @returns {boolean}
   */
  has(label) {
    return this.operations.some((operation) => operation.label === label);
  }

  /**
   * The labels of the operations that reach the node at `pointer` (the node itself, or a node
   * inside a reached one).
   * @param {string} pointer
   * @returns {string[]}
   */
  operationsUsing(pointer) {
    return this.operations
      .filter((operation) => operation.reached.some((root) => pointer === root || pointer.startsWith(`${root}/`)))
      .map((operation) => operation.label);
  }
}
