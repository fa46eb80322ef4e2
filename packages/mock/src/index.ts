/**
 * @module @svc/mock
 * The SVC API mock: Prism 5.14.2 serving the bundled OpenAPI description with request validation.
 * Stateless: it validates requests and answers with the spec's examples.
 */
export { freePort } from './free-port.js';
export { type MockOptions, type RunningMock, startMock } from './start-mock.js';
