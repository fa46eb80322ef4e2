import { forEachOperation, jsonMediaType, resolveAt } from '../openapi-walk.js';

/** How long before an example date is reached the rule warns: a year. */
export const WARNING_DAYS = 365;

/** The environment variable that sets the day the rule takes as today (`YYYY-MM-DD`; tests). */
export const TODAY_VARIABLE = 'SVC_LINT_TODAY';

const DAY_MS = 86_400_000;
const DATE_AT_START = /^(\d{4}-\d{2}-\d{2})(T\S*)?$/;

/**
 * The dates in a request example that are ahead of `today` by less than `days`, with their JSON
 * paths (`schedule.start_date`). Dates already past are left alone: a request example names a
 * past day on purpose (a list's window); one meant to stay ahead is caught by the tests that run
 * the examples at later times.
 * @param {unknown} value the example's value
 * @param {string} today `YYYY-MM-DD`
 * @param {number} [days]
 * @returns {{ path: string, date: string }[]}
 */
export function datesNearing(value, today, days = WARNING_DAYS) {
  const limit = new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  /** @type {{ path: string, date: string }[]} */
  const found = [];
  /** @param {unknown} node @param {string} path */
  const walk = (node, path) => {
    if (typeof node === 'string') {
      const day = DATE_AT_START.exec(node)?.[1];
      if (day && day >= today && day < limit) {
        found.push({ path: path || '(the value)', date: node });
      }
    } else if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) {
        walk(item, `${path}[${index}]`);
      }
    } else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        walk(item, path ? `${path}.${key}` : key);
      }
    }
  };
  walk(value, '');
  return found;
}

/** The day the rule takes as today: `SVC_LINT_TODAY`, else the machine's date (UTC). */
function today() {
  const pinned = process.env[TODAY_VARIABLE];
  if (pinned !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(pinned)) {
    throw new Error(`${TODAY_VARIABLE} must be a date YYYY-MM-DD, not "${pinned}"`);
  }
  return pinned ?? new Date().toISOString().slice(0, 10);
}

/**
 * Warns when a date in a request example will be reached within a year: the docs' samples and
 * the contract suite send those examples as written, and a date the server requires to be ahead
 * (a standing order's `start_date`) then starts to fail. Configured at `warn`: it never fails
 * the lint, it says which example to move further ahead, and when.
 */
export default function exampleDatesAhead() {
  const day = today();
  return {
    /** @param {any} paths @param {any} ctx Redocly visitor context */
    Paths(paths, ctx) {
      forEachOperation(paths, ctx, ({ operation, location, name }) => {
        const media = jsonMediaType(operation.requestBody, location.child(['requestBody']), ctx);
        for (const [example, holder] of Object.entries(media.node?.examples ?? {})) {
          const resolved = resolveAt(holder, media.location.child(['examples', example]), ctx);
          for (const { path, date } of datesNearing(resolved.node?.value, day)) {
            ctx.report({
              message: `${name}: request example "${example}" has ${path} ${date}, less than a year after today (${day}); move it further ahead so the samples that send it keep working.`,
              location: resolved.location.child(['value']),
            });
          }
        }
      });
    },
  };
}
