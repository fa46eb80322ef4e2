/**
 * The sandbox credentials the suite sends (the canonical example values of spec/README.md). An
 * external target reads real ones from SVC_CLIENT_ID and SVC_SECRET.
 */
export function contractCredentials(env: NodeJS.ProcessEnv = process.env): { clientId: string; secret: string } {
  return {
    clientId: env.SVC_CLIENT_ID ?? '62b4f1c9a7d3e5001a2b3c4d',
    secret: env.SVC_SECRET ?? '7d3c1f0e9b8a4c2d6e5f4a3b2c1d0e',
  };
}
