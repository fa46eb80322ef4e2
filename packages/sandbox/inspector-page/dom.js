// DOM helpers of the inspector page. Text is always set as text (never as HTML), so nothing the
// sandbox stored can run as markup.

/** An element `tag` with attributes `attrs` and children (nodes or strings). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) {
      continue;
    }
    if (name.startsWith('on') && typeof value === 'function') {
      node.addEventListener(name.slice(2), value);
    } else {
      node.setAttribute(name, value === true ? '' : String(value));
    }
  }
  for (const child of children.flat()) {
    if (child !== undefined && child !== null) {
      node.append(child instanceof Node ? child : String(child));
    }
  }
  return node;
}

/** A panel's frame: a section with a heading and a body the panel fills. */
export function panelFrame(id, title) {
  const body = el('div', { class: 'scroll' });
  const element = el('section', { class: 'panel', id: `panel-${id}` }, el('h2', {}, title), body);
  return { element, body };
}

/** JSON text pretty-printed when it parses, as it is otherwise (a shortened body). */
export function pretty(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * A time in the one format of the page, whichever clock it comes from: `2026-12-06 06:55:32.267 UTC`
 * (UTC, so it reads the same in every browser and beside the API's ISO 8601 times).
 */
export function formatTime(iso) {
  if (!iso) {
    return '';
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : `${date.toISOString().replace('T', ' ').replace('Z', '')} UTC`;
}

/**
 * A labelled time: which clock it was read from, then the time. `clock` is `sandbox` (the
 * sandbox's own time, when a request arrived or an attempt was made) or `client` (the client's
 * test clock, which `/sandbox/clock/advance` moves: what the client's records carry).
 */
export function labelledTime(clock, iso) {
  return el(
    'span',
    { class: `time time-${clock}`, 'data-clock-kind': clock },
    el('span', { class: 'clock-label' }, clock === 'client' ? 'client clock ' : 'sandbox time '),
    el('code', {}, formatTime(iso)),
  );
}
