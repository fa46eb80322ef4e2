/**
 * The employers table (reference data, seeded).
 */

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
