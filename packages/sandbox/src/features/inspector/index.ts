/** The inspector: a page and a JSON API, per client, of what the sandbox did. */
export {
  createInspector,
  INSPECTOR_PANELS,
  INSPECTOR_PATH,
  type InspectorOptions,
  isInspectorPath,
} from './inspector.js';
export type { InspectorPanel, PanelRead } from './panels/panel.js';
