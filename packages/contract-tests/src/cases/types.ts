/** What a case checks. */
export type CaseKind =
  | 'success'
  | 'missing-field'
  | 'unknown-field'
  | 'boundary-accepted'
  | 'constraint-rejected'
  | 'body-credentials'
  | 'no-credentials'
  | 'forced-response'
  | 'error-example';

/** One contract case: a request to send (or, for `error-example`, a document value to check). */
export interface ContractCase {
  operationId: string;
  path: string;
  kind: CaseKind;
  /** Test name, e.g. `rejects options.count: maximum 25 + 1`. */
  name: string;
  /** JSON body to send (for `error-example`: the example value to validate). */
  body: unknown;
  /** Where the credentials go; `none` sends none. */
  credentials: 'headers' | 'body' | 'none';
  /**
   * The operation takes the sandbox's admin key (`SVC-Sandbox-Admin-Key`) instead of client
   * credentials: it is sent with every request of the case but `none`.
   */
  adminKey?: boolean;
  /**
   * The operation also accepts the admin key beside the client credentials, for what only it
   * allows (a snapshot restored into a new client): sent with the client credentials.
   */
  adminKeyAccepted?: boolean;
  /** A `Prefer` header (mock targets only). */
  prefer?: string;
  /** Only meaningful against a mock (forces a response); skipped against other targets. */
  mockOnly: boolean;
  expect: {
    status: number;
    /** JSON Pointer of the schema the response body must match. */
    schemaPointer: string;
    errorType?: string;
    errorCode?: string;
    /** Text the `error_message` must contain (the offending field's path). */
    mentions?: string;
    /** Exact body expected (forced example responses). */
    equals?: unknown;
  };
}
