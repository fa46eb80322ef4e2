// The clock panel: the client's test clock (its time, how far it is ahead of or behind the
// sandbox's own time, and that time), as /sandbox/clock/get answers it.
import { el, formatTime, panelFrame } from '../dom.js';

/**
 * How far the client's clock is from the sandbox's time, for people: ahead (advanced) or behind
 * (restored to an earlier snapshot), in days, hours, minutes and seconds, or milliseconds when
 * less than a second.
 */
function offsetText(ms) {
  if (ms === 0) {
    return 'not moved (real time)';
  }
  const parts = [];
  let rest = Math.round(Math.abs(ms) / 1000);
  for (const [unit, seconds] of [
    ['d', 86_400],
    ['h', 3_600],
    ['min', 60],
    ['s', 1],
  ]) {
    const count = Math.floor(rest / seconds);
    if (count > 0) {
      parts.push(`${count} ${unit}`);
      rest -= count * seconds;
    }
  }
  return `${ms > 0 ? 'ahead' : 'behind'} by ${parts.length > 0 ? parts.join(' ') : `${Math.abs(ms)} ms`}`;
}

export function createClockPanel(api) {
  const { element, body } = panelFrame('clock', 'Test clock');
  return {
    element,
    async update() {
      const { clock } = await api.get('clock');
      body.replaceChildren(
        el(
          'table',
          {},
          el(
            'tr',
            {},
            el('th', {}, 'Client clock'),
            el('td', { 'data-clock': 'current' }, formatTime(clock.current_time)),
          ),
          el('tr', {}, el('th', {}, 'Offset'), el('td', { 'data-clock': 'offset' }, offsetText(clock.offset_ms))),
          el(
            'tr',
            {},
            el('th', {}, 'Sandbox time'),
            el('td', { 'data-clock': 'sandbox' }, formatTime(clock.real_time)),
          ),
        ),
      );
    },
  };
}
