/** What one panel of the inspector's JSON API is: a name and a read of one client's data. */
import type { Store } from '../../../engine/index.js';

/** What a panel reads with. */
export interface PanelRead {
  store: Store;
  /** The signed-in client: the only one whose data is read. */
  clientId: string;
  /** The query string: the panel's cursor (`after`) and options. */
  query: URLSearchParams;
  /** The client's time now (its test clock: the sandbox's time plus the client's offset). */
  now: Date;
  /** The sandbox's own time now (without the client's offset). */
  realNow: Date;
  /** The origin the client reached the sandbox at (`http://<Host header>`): the API's too. */
  origin: string;
}

/** One panel's data source: `GET /inspector/api/<name>` answers `read(...)`. */
export interface InspectorPanel {
  name: string;
  /**
   * Set for a file to download: the data is answered as it is (no `request_id` added), as
   * `mediaType`, with `Content-Disposition: attachment` and `fileName`.
   */
  download?: { fileName: string; mediaType: string };
  /** The client's data for the panel. */
  read(read: PanelRead): Promise<object>;
}

/** Most rows one answer gives. */
export const PAGE_LIMIT = 100;

/** The non-negative integer cursor `name` of `query` (0 when absent or malformed). */
export function cursorOf(query: URLSearchParams, name = 'after'): number {
  const value = Number(query.get(name) ?? 0);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}
