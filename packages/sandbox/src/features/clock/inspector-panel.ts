/**
 * The inspector's clock panel: the signed-in client's test clock as stored now (its time, its
 * offset and the sandbox's own time), the same fields `/sandbox/clock/get` answers.
 */

import { storedClockOffset } from '../../engine/index.js';
import type { InspectorPanel } from '../inspector/index.js';
import { presentClock } from './operations.js';

/** `GET /inspector/api/clock`. */
export const clockPanel: InspectorPanel = {
  name: 'clock',
  async read({ store, clientId, realNow }) {
    return { clock: presentClock(realNow, await storedClockOffset(store, clientId)) };
  },
};
