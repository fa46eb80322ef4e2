import { generatedBanner } from './banner.js';

/**
 * Generates the map of named environments to base URLs from the document's `servers`, each of
 * which names its environment in `x-environment`.
 * @param {{ servers?: { url: string, description?: string, 'x-environment'?: string }[] }} document
 * @returns {string} the file content
 */
export function generateEnvironments(document) {
  const servers = document.servers ?? [];
  const entries = servers.map((server) => {
    const name = server['x-environment'];
    if (!name || !/^[a-z][a-z0-9]*$/.test(name)) {
      throw new Error(`server ${server.url} needs an x-environment name in lower case (for example "sandbox")`);
    }
    return { name, url: server.url, description: server.description ?? name };
  });
  if (entries.length === 0) {
    throw new Error('the spec declares no servers: the client needs at least one environment');
  }
  const lines = entries.map(
    ({ name, url, description }) => `  /** ${description} */\n  ${name}: ${JSON.stringify(url)},`,
  );
  return [
    generatedBanner("Base URLs of the API's environments, from the spec's `servers`."),
    '/** Base URL of each environment, by name. */',
    `export const environments = {\n${lines.join('\n')}\n} as const;`,
    '',
    '/** Name of an environment of the API. */',
    'export type Environment = keyof typeof environments;',
    '',
  ].join('\n');
}
