/**
 * Institution search and listing rules, over the seeded institutions (pure functions).
 */

/** An institution as the rules see it. */
export interface InstitutionFacts {
  institution_id: string;
  name: string;
  country_codes: readonly string[];
  products: readonly string[];
  routing_numbers: readonly string[];
  oauth: boolean;
  /** Supports Instant Match or Automated Micro-deposits. */
  micro_deposit_auth: boolean;
}

/** The largest number of institutions a search returns. */
export const SEARCH_LIMIT = 10;

/** What a search asks for. */
export interface SearchQuery {
  query: string;
  /** null: no product filter. */
  products: readonly string[] | null;
  country_codes: readonly string[];
  oauth?: boolean;
  /** The client is enabled for Instant Match and Automated Micro-deposits. */
  clientMicroDepositAuth: boolean;
}

/**
 * Whether `institution` supports every product of `products`. With `auth` asked for and the
 * client enabled for micro-deposit auth, an institution supporting Instant Match or Automated
 * Micro-deposits counts as supporting `auth` (rule 10).
 */
export function supportsProducts(
  institution: InstitutionFacts,
  products: readonly string[],
  clientMicroDepositAuth: boolean,
): boolean {
  return products.every(
    (product) =>
      institution.products.includes(product) ||
      (product === 'auth' && clientMicroDepositAuth && institution.micro_deposit_auth),
  );
}

/** How well `name` matches `query`: 0 exact, 1 prefix, 2 word prefix, 3 substring; undefined no match. */
export function nameMatch(name: string, query: string): number | undefined {
  const n = name.toLowerCase();
  const q = query.trim().toLowerCase();
  if (q === '') {
    return undefined;
  }
  if (n === q) {
    return 0;
  }
  if (n.startsWith(q)) {
    return 1;
  }
  if (n.split(/\s+/).some((word) => word.startsWith(q))) {
    return 2;
  }
  return n.includes(q) ? 3 : undefined;
}

/** The institutions of a search, best name match first, then list order; at most {@link SEARCH_LIMIT}. */
export function searchInstitutions<T extends InstitutionFacts>(institutions: readonly T[], search: SearchQuery): T[] {
  const scored: { institution: T; score: number; position: number }[] = [];
  institutions.forEach((institution, position) => {
    const score = nameMatch(institution.name, search.query);
    if (
      score === undefined ||
      !institution.country_codes.some((code) => search.country_codes.includes(code)) ||
      (search.products !== null && !supportsProducts(institution, search.products, search.clientMicroDepositAuth)) ||
      (search.oauth !== undefined && institution.oauth !== search.oauth)
    ) {
      return;
    }
    scored.push({ institution, score, position });
  });
  scored.sort((a, b) => a.score - b.score || a.position - b.position);
  return scored.slice(0, SEARCH_LIMIT).map((entry) => entry.institution);
}

/** What a listing page asks for. */
export interface ListQuery {
  count: number;
  offset: number;
  country_codes: readonly string[];
  products?: readonly string[];
  routing_numbers?: readonly string[];
  oauth?: boolean;
  /** The products the client is enabled for: institutions sharing none are filtered out. */
  clientProducts: readonly string[];
  clientMicroDepositAuth: boolean;
}

/**
 * One page of the institution list: the institutions serving one of the countries form the list
 * (`total` is its size); the page is `count` of them from `offset`, then filtered by the options
 * and by product overlap with the client, so it may be shorter than `count`.
 */
export function listInstitutions<T extends InstitutionFacts>(
  institutions: readonly T[],
  query: ListQuery,
): { page: T[]; total: number } {
  const list = institutions.filter((institution) =>
    institution.country_codes.some((code) => query.country_codes.includes(code)),
  );
  const page = list
    .slice(query.offset, query.offset + query.count)
    .filter(
      (institution) =>
        institution.products.some((product) => query.clientProducts.includes(product)) &&
        (query.products === undefined || supportsProducts(institution, query.products, query.clientMicroDepositAuth)) &&
        (query.routing_numbers === undefined ||
          institution.routing_numbers.some((number) => query.routing_numbers?.includes(number))) &&
        (query.oauth === undefined || institution.oauth === query.oauth),
    );
  return { page, total: list.length };
}
