/**
 * The auditors audit copies can be created for. `gingham_lending_audit` is the auditor of the
 * API reference's examples; the others let a client try copies for several auditors.
 */
import type { AuditorsTable } from './tables.js';

/** The seeded auditors. */
export const SEEDED_AUDITORS: readonly AuditorsTable[] = [
  { auditor_id: 'gingham_lending_audit', name: 'Gingham Lending underwriting' },
  { auditor_id: 'gingham_mortgage_audit', name: 'Gingham Mortgage underwriting' },
  { auditor_id: 'fannie_mae', name: 'Fannie Mae' },
  { auditor_id: 'freddie_mac', name: 'Freddie Mac' },
];
