import { EXAMPLE_CREDENTIALS } from '@svc/spec/examples';

/**
 * The sandbox credentials the suite sends (the spec's canonical example credentials). An
 * external target reads real ones from SVC_CLIENT_ID and SVC_SECRET.
 */
export function contractCredentials(env: NodeJS.ProcessEnv = process.env): { clientId: string; secret: string } {
  return {
    clientId: env.SVC_CLIENT_ID ?? EXAMPLE_CREDENTIALS.clientId,
    secret: env.SVC_SECRET ?? EXAMPLE_CREDENTIALS.secret,
  };
}
