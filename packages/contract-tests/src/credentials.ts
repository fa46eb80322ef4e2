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

/**
 * The sandbox admin key the suite sends to the operations it secures (`SVC-Sandbox-Admin-Key`):
 * the suite's own sandbox is started with it; an external target's is read from
 * SVC_SANDBOX_ADMIN_KEY; the mock takes any.
 */
export function contractAdminKey(env: NodeJS.ProcessEnv = process.env): string {
  return env.SVC_SANDBOX_ADMIN_KEY ?? 'sbxadm_contract_suite_0123456789';
}
