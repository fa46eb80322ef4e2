/**
 * The person an asset report is about, as its owner described them: every field the owner did not
 * give is null.
 */
import type { components } from '@svc/spec/types';

type Schemas = components['schemas'];

/** The report's `user` from the `options.user` of `/sandbox/asset_report/create`. */
export function reportUser(
  given: Schemas['SandboxAssetReportCreateRequestUser'] | undefined,
): Schemas['AssetReportUser'] {
  return {
    client_user_id: given?.client_user_id ?? null,
    first_name: given?.first_name ?? null,
    middle_name: given?.middle_name ?? null,
    last_name: given?.last_name ?? null,
    ssn: given?.ssn ?? null,
    phone_number: given?.phone_number ?? null,
    email: given?.email ?? null,
  };
}
