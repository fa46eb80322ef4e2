/**
 * Employer search: every word of the query must appear in the employer's name (case-insensitive,
 * partial words match), the employer must support every requested product, and the best
 * `EMPLOYER_SEARCH_LIMIT` by confidence come first (ties by name, then id, so the order is stable).
 */

/** The most employers a search returns. */
export const EMPLOYER_SEARCH_LIMIT = 10;

/** An employer as searched. */
export interface SearchableEmployer {
  employer_id: string;
  name: string;
  confidence_score: number;
  products: readonly string[];
}

/** The lower-case words of a query, each to be found in a name. */
export function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0);
}

/** The employers matching `query` and supporting `products`, best first, at most 10. */
export function searchEmployers<T extends SearchableEmployer>(
  employers: readonly T[],
  query: string,
  products: readonly string[],
): T[] {
  const words = queryWords(query);
  return employers
    .filter((employer) => {
      const name = employer.name.toLowerCase();
      return (
        words.every((word) => name.includes(word)) && products.every((product) => employer.products.includes(product))
      );
    })
    .sort(
      (a, b) =>
        b.confidence_score - a.confidence_score ||
        a.name.localeCompare(b.name, 'en') ||
        (a.employer_id < b.employer_id ? -1 : a.employer_id > b.employer_id ? 1 : 0),
    )
    .slice(0, EMPLOYER_SEARCH_LIMIT);
}
