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

/** A time as hh:mm:ss.mmm in the browser's zone, with its date first when it is not today. */
export function clockTime(iso) {
  if (!iso) {
    return '';
  }
  const date = new Date(iso);
  const time = `${date.toLocaleTimeString([], { hour12: false })}.${String(date.getMilliseconds()).padStart(3, '0')}`;
  return date.toDateString() === new Date().toDateString() ? time : `${date.toLocaleDateString()} ${time}`;
}
