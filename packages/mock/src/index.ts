/**
 * @module @svc/mock
 * The SVC API mock for frontend teams: Prism's HTTP engine (the one of Prism 5.16) serving the
 * bundled OpenAPI description in-process, behind the API's own edges from `@svc/server-kit`
 * (credentials in headers or body, `ApiError` bodies naming each bad field, CORS, 404/405/413/415).
 * Stateless: it validates requests and answers with the spec's examples.
 */
export { freePort } from './free-port.js';
export type { MockAccessEntry } from './mock/mock-listener.js';
export { type MockChoice, type MockPreferences, parsePrefer, resolvePreferences } from './mock/prefer.js';
export { type MockOptions, type RunningMock, startMock } from './mock/start-mock.js';
export { DRAFT_2020_12_DIALECT, OAS_BASE_DIALECT, prismReadyDocument } from './prism/prism-spec.js';
export { type ResponseExamples, responseCatalogue } from './prism/response-catalogue.js';
