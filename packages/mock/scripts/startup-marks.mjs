// Preloaded into svc-mock by bench-startup.mjs (`node --import`): when the first HTTP response
// has been sent, prints one line to stderr with the process's time origin, when this file ran
// (Node's own start-up before it), the svc-mock:* performance marks of startMock, and when the
// first response finished, all in milliseconds since the time origin, and the CPU time (user +
// system) the process had used by then. It changes nothing else.
import { subscribe } from 'node:diagnostics_channel';

const preloaded = performance.now();
let reported = false;

subscribe('http.server.response.finish', () => {
  if (reported) {
    return;
  }
  reported = true;
  const marks = performance
    .getEntriesByType('mark')
    .filter((mark) => mark.name.startsWith('svc-mock:'))
    .map((mark) => [mark.name.slice('svc-mock:'.length), mark.startTime]);
  const { user, system } = process.cpuUsage();
  const line = {
    timeOrigin: performance.timeOrigin,
    preloaded,
    ...Object.fromEntries(marks),
    answered: performance.now(),
    cpu: (user + system) / 1000,
  };
  process.stderr.write(`svc-mock-startup ${JSON.stringify(line)}\n`);
});
