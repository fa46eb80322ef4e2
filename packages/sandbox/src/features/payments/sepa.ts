/**
 * The countries of the Single Euro Payments Area (SEPA scheme geographical scope): payment
 * recipients must be in one of them. Listed as ISO 3166-1 alpha-2 codes, as IBANs and addresses
 * carry them.
 */

/**
 * SEPA countries and territories: the 27 EU member states, the other EEA states (Iceland,
 * Liechtenstein, Norway), Switzerland, the United Kingdom, Monaco, San Marino, Vatican City,
 * Andorra, the Crown Dependencies (Guernsey, Jersey, Isle of Man) and Gibraltar, the EU territories
 * with codes of their own (Åland, French Guiana, Guadeloupe, Martinique, Mayotte, Réunion,
 * Saint Barthélemy, Saint Martin, Saint Pierre and Miquelon), and the countries admitted in
 * 2024–2025 (Albania, Moldova, Montenegro, North Macedonia).
 */
export const SEPA_COUNTRIES: ReadonlySet<string> = new Set([
  // European Union
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  // EEA, Switzerland, United Kingdom
  'IS',
  'LI',
  'NO',
  'CH',
  'GB',
  // Other states and territories
  'AD',
  'MC',
  'SM',
  'VA',
  'GG',
  'JE',
  'IM',
  'GI',
  'AX',
  'GF',
  'GP',
  'MQ',
  'YT',
  'RE',
  'BL',
  'MF',
  'PM',
  // Admitted 2024–2025
  'AL',
  'MD',
  'ME',
  'MK',
]);

/** Whether `country` (ISO 3166-1 alpha-2) is in SEPA. */
export function isSepaCountry(country: string): boolean {
  return SEPA_COUNTRIES.has(country);
}
