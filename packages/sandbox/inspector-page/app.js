// The inspector page: sign-in, then every panel updated about once a second (polling with each
// panel's cursor). A panel is one module exporting a factory of { element, update }: adding one
// is an import and an entry in PANELS.
import { createApi, SignedOut } from './api.js';
import { el, formatTime } from './dom.js';
import { createClockPanel } from './panels/clock.js';
import { createEventsPanel } from './panels/events.js';
import { createFaultRulesPanel } from './panels/fault-rules.js';
import { createItemsPanel } from './panels/items.js';
import { createRequestsPanel } from './panels/requests.js';
import { createWebhooksPanel } from './panels/webhooks.js';

const PANELS = [
  createRequestsPanel,
  createWebhooksPanel,
  createEventsPanel,
  createItemsPanel,
  createClockPanel,
  createFaultRulesPanel,
];
const POLL_MS = 1000;

const form = document.getElementById('sign-in');
const panelsRoot = document.getElementById('panels');
const status = document.getElementById('status');
const signOutButton = document.getElementById('sign-out');
const signInError = document.getElementById('sign-in-error');
let session;

/** Links between panels: an anchor that scrolls to (and opens) another panel's entry. */
const links = {
  anchor(text, id) {
    return el(
      'a',
      {
        href: `#${id}`,
        onclick: (event) => {
          event.preventDefault();
          const target = document.getElementById(id);
          if (target) {
            if (target.tagName === 'DETAILS') {
              target.open = true;
            }
            target.classList.add('highlight');
            target.scrollIntoView({ block: 'center' });
          }
        },
      },
      text,
    );
  },
};

function signOut(message) {
  session?.stop();
  session = undefined;
  panelsRoot.replaceChildren();
  panelsRoot.hidden = true;
  form.hidden = false;
  signOutButton.hidden = true;
  status.textContent = 'Signed out.';
  signInError.textContent = message ?? '';
}

async function signIn(clientId, secret) {
  const api = createApi(clientId, secret);
  const panels = PANELS.map((create) => create(api, links));
  // One call first: wrong credentials are reported on the form.
  await panels[0].update();
  let timer;
  let stopped = false;
  const poll = async () => {
    try {
      for (const panel of panels) {
        await panel.update();
      }
      status.textContent = `Signed in as ${clientId}; updated ${formatTime(new Date().toISOString())} (this computer's time).`;
    } catch (error) {
      if (error instanceof SignedOut) {
        signOut(error.message);
        return;
      }
      status.textContent = `Update failed (${error.message}); retrying.`;
    }
    if (!stopped) {
      timer = setTimeout(poll, POLL_MS);
    }
  };
  panelsRoot.replaceChildren(...panels.map((panel) => panel.element));
  panelsRoot.hidden = false;
  form.hidden = true;
  signOutButton.hidden = false;
  session = {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
  await poll();
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const clientId = form.elements['client-id'].value.trim();
  const secret = form.elements.secret.value;
  // The secret leaves the DOM at once; only the api closure keeps it.
  form.elements.secret.value = '';
  signInError.textContent = '';
  try {
    await signIn(clientId, secret);
  } catch (error) {
    signOut(error.message);
  }
});
signOutButton.addEventListener('click', () => signOut());
