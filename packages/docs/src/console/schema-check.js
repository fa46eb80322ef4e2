/**
 * @module console/schema-check
 * A small JSON Schema (draft 2020-12) checker for the "Try it" console of the HTML reference: it
 * runs in the page, as the reader types a request body, and names each wrong field. It covers the
 * keywords the API's request schemas use (types, properties, required, additionalProperties,
 * unevaluatedProperties, enum, const, lengths, patterns, formats, bounds, items, allOf, anyOf,
 * oneOf, not, if/then/else, local `$ref`s). The server's own check (Ajv, `@svc/openapi-ajv`)
 * stays the authority; `test/console/schema-check.test.ts` holds this one to Ajv's verdict on
 * every request example of the spec and on wrong variants of them.
 *
 * Plain script-compatible JavaScript with no imports: the build inlines it into the page
 * (see `console-script.js`).
 */

/**
 * One problem with a value.
 * @typedef {object} SchemaProblem
 * @property {string} path where, as a field path (`options.account_ids[0]`); `''` for the whole body
 * @property {string} message what is wrong
 */

/**
 * @typedef {Record<string, unknown> | boolean} Schema
 * @typedef {{ problems: SchemaProblem[], evaluated: Set<string> }} Outcome
 */

/** @param {string} path @param {string} name */
function fieldPath(path, name) {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? (path ? `${path}.${name}` : name) : `${path}[${JSON.stringify(name)}]`;
}

/** @param {unknown} value */
function typeOf(value) {
  if (value === null) {
    return 'null';
  }
  if (Array.isArray(value)) {
    return 'array';
  }
  if (typeof value === 'number') {
    return Number.isInteger(value) ? 'integer' : 'number';
  }
  return typeof value;
}

/** @param {unknown} a @param {unknown} b @returns {boolean} */
function deepEqual(a, b) {
  if (a === b) {
    return true;
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return false;
  }
  if (Array.isArray(a) !== Array.isArray(b)) {
    return false;
  }
  const aRecord = /** @type {Record<string, unknown>} */ (a);
  const bRecord = /** @type {Record<string, unknown>} */ (b);
  const keys = Object.keys(aRecord);
  return keys.length === Object.keys(bRecord).length && keys.every((key) => deepEqual(aRecord[key], bRecord[key]));
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** @param {string} text */
function isDate(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) {
    return false;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 0));
}

/** Format checks, as strict as ajv-formats' full mode for what the request schemas use. */
const FORMATS = /** @type {Record<string, (value: unknown) => boolean>} */ ({
  date: (value) => typeof value !== 'string' || isDate(value),
  'date-time': (value) => {
    if (typeof value !== 'string') {
      return true;
    }
    const match = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.exec(value);
    return !!match && isDate(match[1] ?? '') && Number(match[2]) < 24 && Number(match[3]) < 60 && Number(match[4]) < 61;
  },
  email: (value) => typeof value !== 'string' || /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value),
  uri: (value) => typeof value !== 'string' || /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/.test(value),
  int32: (value) =>
    typeof value !== 'number' || (Number.isInteger(value) && value >= -2147483648 && value <= 2147483647),
});

/** @param {unknown} value */
function shown(value) {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * Resolves a local `$ref` (`#/components/schemas/Item`) against `root`.
 * @param {Record<string, unknown>} root @param {string} ref @returns {Schema}
 */
function resolveRef(root, ref) {
  if (!ref.startsWith('#/')) {
    throw new Error(`only local $refs are supported, not ${ref}`);
  }
  /** @type {unknown} */
  let node = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = node && typeof node === 'object' ? /** @type {Record<string, unknown>} */ (node)[key] : undefined;
  }
  if (node === undefined) {
    throw new Error(`$ref ${ref} names nothing`);
  }
  return /** @type {Schema} */ (node);
}

/**
 * @param {Schema} schema @param {unknown} value @param {string} path @param {Record<string, unknown>} root
 * @returns {Outcome}
 */
function check(schema, value, path, root) {
  /** @type {SchemaProblem[]} */
  const problems = [];
  /** @type {Set<string>} */
  const evaluated = new Set();
  if (schema === true) {
    return { problems, evaluated };
  }
  if (schema === false) {
    return { problems: [{ path, message: 'is not allowed here' }], evaluated };
  }
  const s = schema;
  /** @param {string} message */
  const add = (message) => problems.push({ path, message });
  /** @param {Outcome} outcome */
  const merge = (outcome) => {
    problems.push(...outcome.problems);
    for (const name of outcome.evaluated) {
      evaluated.add(name);
    }
  };

  if (typeof s.$ref === 'string') {
    merge(check(resolveRef(root, s.$ref), value, path, root));
  }

  const actual = typeOf(value);
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    const fits = types.some((type) => type === actual || (type === 'number' && actual === 'integer'));
    if (!fits) {
      add(
        `must be ${types.map((type) => (type === 'integer' ? 'an integer' : `a ${type}`)).join(' or ')}, not ${actual === 'integer' ? 'a number' : actual === 'null' ? 'null' : `a ${actual}`}`,
      );
      return { problems, evaluated };
    }
  }
  if (Array.isArray(s.enum) && !s.enum.some((allowed) => deepEqual(allowed, value))) {
    add(`must be one of ${s.enum.map(shown).join(', ')}, not ${shown(value)}`);
  }
  if ('const' in s && !deepEqual(s.const, value)) {
    add(`must be ${shown(s.const)}, not ${shown(value)}`);
  }

  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof s.minLength === 'number' && length < s.minLength) {
      add(s.minLength === 1 ? 'must not be empty' : `must have at least ${s.minLength} characters`);
    }
    if (typeof s.maxLength === 'number' && length > s.maxLength) {
      add(`must have at most ${s.maxLength} characters`);
    }
    if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(value)) {
      add(`must match the pattern ${s.pattern}`);
    }
  }
  if (typeof s.format === 'string' && FORMATS[s.format] && !FORMATS[s.format]?.(value)) {
    add(`must be a valid ${s.format}`);
  }
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) {
      add(`must be at least ${s.minimum}`);
    }
    if (typeof s.maximum === 'number' && value > s.maximum) {
      add(`must be at most ${s.maximum}`);
    }
    if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) {
      add(`must be more than ${s.exclusiveMinimum}`);
    }
    if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) {
      add(`must be less than ${s.exclusiveMaximum}`);
    }
    if (typeof s.multipleOf === 'number' && !Number.isInteger(Number((value / s.multipleOf).toFixed(9)))) {
      add(`must be a multiple of ${s.multipleOf}`);
    }
  }

  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) {
      add(`must have at least ${s.minItems} item(s)`);
    }
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) {
      add(`must have at most ${s.maxItems} items`);
    }
    if (s.uniqueItems === true) {
      const twice = value.findIndex((item, index) => value.slice(0, index).some((other) => deepEqual(other, item)));
      if (twice >= 0) {
        add(`must not repeat an item (item ${twice} repeats ${shown(value[twice])})`);
      }
    }
    if (s.items !== undefined) {
      value.forEach((item, index) => {
        problems.push(...check(/** @type {Schema} */ (s.items), item, `${path}[${index}]`, root).problems);
      });
    }
  }

  if (actual === 'object') {
    const object = /** @type {Record<string, unknown>} */ (value);
    const names = Object.keys(object);
    const properties = /** @type {Record<string, Schema>} */ (s.properties ?? {});
    if (Array.isArray(s.required)) {
      for (const name of s.required) {
        if (!(name in object)) {
          problems.push({ path: fieldPath(path, name), message: 'is required and missing' });
        }
      }
    }
    if (typeof s.minProperties === 'number' && names.length < s.minProperties) {
      add(`must have at least ${s.minProperties} field(s)`);
    }
    if (typeof s.maxProperties === 'number' && names.length > s.maxProperties) {
      add(`must have at most ${s.maxProperties} field(s)`);
    }
    const patterns = Object.entries(/** @type {Record<string, Schema>} */ (s.patternProperties ?? {}));
    for (const name of names) {
      const where = fieldPath(path, name);
      if (s.propertyNames !== undefined) {
        const nameCheck = check(/** @type {Schema} */ (s.propertyNames), name, where, root);
        if (nameCheck.problems.length > 0) {
          problems.push({ path: where, message: 'is not an accepted field name' });
        }
      }
      let matched = false;
      if (Object.hasOwn(properties, name)) {
        matched = true;
        problems.push(...check(/** @type {Schema} */ (properties[name]), object[name], where, root).problems);
      }
      for (const [pattern, propertySchema] of patterns) {
        if (new RegExp(pattern, 'u').test(name)) {
          matched = true;
          problems.push(...check(propertySchema, object[name], where, root).problems);
        }
      }
      if (matched) {
        evaluated.add(name);
      } else if (s.additionalProperties !== undefined) {
        evaluated.add(name);
        if (s.additionalProperties === false) {
          problems.push({ path: where, message: 'is not a field of this request (unknown field)' });
        } else {
          problems.push(...check(/** @type {Schema} */ (s.additionalProperties), object[name], where, root).problems);
        }
      }
    }
  }

  if (Array.isArray(s.allOf)) {
    for (const part of s.allOf) {
      merge(check(part, value, path, root));
    }
  }
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) {
    const branches = /** @type {Schema[]} */ (s.anyOf ?? s.oneOf);
    const outcomes = branches.map((branch) => check(branch, value, path, root));
    const passed = outcomes.filter((outcome) => outcome.problems.length === 0);
    for (const outcome of passed) {
      for (const name of outcome.evaluated) {
        evaluated.add(name);
      }
    }
    if (passed.length === 0) {
      // The branches closest to the value tell the reader what to fix (several when tied: one
      // shape needs `iban`, the other `bacs`).
      const fewest = Math.min(...outcomes.map((outcome) => outcome.problems.length));
      const closest = outcomes.filter((outcome) => outcome.problems.length === fewest);
      if (closest.length > 1) {
        add(`must match one of ${outcomes.length} accepted shapes; the closest ones need:`);
      }
      for (const outcome of closest) {
        problems.push(...outcome.problems);
      }
    } else if (s.oneOf && passed.length > 1) {
      add('matches more than one of the accepted shapes');
    }
  }
  if (s.not !== undefined && check(/** @type {Schema} */ (s.not), value, path, root).problems.length === 0) {
    add('has a shape that is not allowed here');
  }
  if (s.if !== undefined) {
    const condition = check(/** @type {Schema} */ (s.if), value, path, root);
    if (condition.problems.length === 0) {
      for (const name of condition.evaluated) {
        evaluated.add(name);
      }
      if (s.then !== undefined) {
        merge(check(/** @type {Schema} */ (s.then), value, path, root));
      }
    } else if (s.else !== undefined) {
      merge(check(/** @type {Schema} */ (s.else), value, path, root));
    }
  }
  if (s.unevaluatedProperties !== undefined && actual === 'object') {
    for (const name of Object.keys(/** @type {Record<string, unknown>} */ (value))) {
      if (evaluated.has(name)) {
        continue;
      }
      const where = fieldPath(path, name);
      if (s.unevaluatedProperties === false) {
        problems.push({ path: where, message: 'is not a field of this request (unknown field)' });
      } else {
        const object = /** @type {Record<string, unknown>} */ (value);
        problems.push(...check(/** @type {Schema} */ (s.unevaluatedProperties), object[name], where, root).problems);
      }
      evaluated.add(name);
    }
  }
  return { problems, evaluated };
}

/**
 * The problems of `value` against `schema`, each naming the field it is about; empty when the
 * value fits. `$ref`s are resolved in `root` (the document, or an object holding the schemas the
 * refs name at the same pointers).
 * @param {Schema} schema
 * @param {unknown} value
 * @param {Record<string, unknown>} root
 * @returns {SchemaProblem[]}
 */
export function schemaProblems(schema, value, root) {
  const seen = new Set();
  return check(schema, value, '', root).problems.filter((problem) => {
    const key = `${problem.path}\n${problem.message}`;
    if (seen.has(key)) {
      return false;
    }
    seen.add(key);
    return true;
  });
}

/**
 * The problems of a request body as typed: a JSON syntax error, or {@link schemaProblems}.
 * @param {Schema} schema
 * @param {string} text
 * @param {Record<string, unknown>} root
 * @returns {SchemaProblem[]}
 */
export function bodyProblems(schema, text, root) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return [{ path: '', message: `is not valid JSON: ${error instanceof Error ? error.message : String(error)}` }];
  }
  return schemaProblems(schema, value, root);
}
