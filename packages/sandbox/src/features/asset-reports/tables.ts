/**
 * The tables of asset reports, signal, employers and connected applications (migration 0005).
 * JSON columns hold the API's objects as text.
 */

/** An auditor that audit copies can be made for (reference data, seeded). */
export interface AuditorsTable {
  auditor_id: string;
  name: string;
}

/** A generated asset report: a snapshot owned by the client that had it generated. */
export interface AssetReportsTable {
  asset_report_id: string;
  client_id: string;
  /** `assets-sandbox-<uuid>`: the owner's handle on the report. */
  asset_report_token: string;
  client_report_id: string | null;
  days_requested: number;
  /** JSON `AssetReportUser`. */
  user: string;
  /** JSON array of `AssetReportItem`: the snapshot. */
  items: string;
  /** JSON array of `AssetReportWarning`. */
  warnings: string;
  generated_at: string;
}

/** An audit copy of a report, readable by whoever holds its token until its owner removes it. */
export interface AssetReportAuditCopiesTable {
  /** `a-sandbox-<identifier>`. */
  audit_copy_token: string;
  asset_report_id: string;
  /** The owner: the client that created the copy (the report's owner). */
  client_id: string;
  auditor_id: string;
  created_at: string;
  /** Set by `/asset_report/audit_copy/remove`: the token is refused afterwards. */
  removed_at: string | null;
}

/** The latest evaluation of one `client_transaction_id` of a client, and the return reported for it. */
export interface SignalEvaluationsTable {
  client_id: string;
  client_transaction_id: string;
  item_id: string;
  account_id: string;
  amount: number;
  /** JSON `{scores, core_attributes}`: the response of the evaluation. */
  result: string;
  evaluated_at: string;
  /** The ACH return code reported with `/signal/return/report`, or null. */
  return_code: string | null;
  returned_at: string | null;
}

/** An employer known for direct deposit switching (reference data, seeded). */
export interface EmployersTable {
  employer_id: string;
  name: string;
  /** JSON `Address`, or null when unknown. */
  address: string | null;
  confidence_score: number;
  /** JSON array of the products the employer supports (`deposit_switch`). */
  products: string;
}

/** An application (another client of the service) users can connect to their Items (seeded). */
export interface ApplicationsTable {
  application_id: string;
  name: string;
  logo: string | null;
  logo_url: string | null;
  application_url: string | null;
  reason_for_access: string | null;
  /** `YYYY-MM-DD`. */
  created_at: string;
  /** JSON array of strings. */
  product_data_types: string;
  /** JSON `ConnectedApplicationRequestedScopes`. */
  requested_scopes: string;
  /** 1 when the application is connected to every sandbox Item; 0 when to none. */
  connected_to_items: number;
}

/** The scopes a user set for an application on one Item; absent → the connection's default scopes. */
export interface ApplicationScopesTable {
  item_id: string;
  application_id: string;
  client_id: string;
  /** JSON `ApplicationScopes`. */
  scopes: string;
  updated_at: string;
}

/** The clients set up as financial institutions (they may call `/application/get`). */
export interface FinancialInstitutionClientsTable {
  client_id: string;
  created_at: string;
}

/** The tables of migration 0005, as the store's `Database` includes them. */
export interface AssetsSignalApplicationsTables {
  auditors: AuditorsTable;
  asset_reports: AssetReportsTable;
  asset_report_audit_copies: AssetReportAuditCopiesTable;
  signal_evaluations: SignalEvaluationsTable;
  employers: EmployersTable;
  applications: ApplicationsTable;
  application_scopes: ApplicationScopesTable;
  financial_institution_clients: FinancialInstitutionClientsTable;
}
