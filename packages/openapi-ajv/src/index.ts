/**
 * @module @svc/openapi-ajv
 * The one Ajv setup for the SVC API's OpenAPI 3.1 document, shared by `@svc/server-kit` (it
 * validates requests) and the repository's `tools/openapi-kit` (it validates responses and
 * examples in tests), so that a request and a response are checked under the same rules: draft
 * 2020-12, every error, formats checked (ajv-formats, plus the OpenAPI number formats below), and
 * the OpenAPI keywords known to Ajv instead of being rejected or silently dropped.
 */
import {
  Ajv2020,
  type ErrorObject,
  type FormatDefinition,
  type KeywordDefinition,
  type Options,
} from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; under NodeNext its default import is the module namespace.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/**
 * Keywords that may stand inside (or around) schemas of an OpenAPI 3.1 document and are not JSON
 * Schema keywords: the document's own top-level fields (a schema may be compiled against the whole
 * document), `discriminator`, `xml`, `example`, and the extensions this API uses.
 */
export const OPENAPI_KEYWORDS: readonly string[] = [
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'tags',
  'security',
  'paths',
  'webhooks',
  'components',
  'externalDocs',
  'discriminator',
  'xml',
  'example',
  'x-extensible-enum',
  'x-tagGroups',
  'x-codeSamples',
];

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/**
 * The OpenAPI Format Registry's number formats, over the numbers JSON carries (64-bit doubles):
 * `int32` an integer in [-2^31, 2^31 - 1], `int64` any integer (JSON parsing has already rounded
 * a larger one to a double), `float` and `double` any number.
 */
export const OPENAPI_NUMBER_FORMATS: Readonly<
  Record<'int32' | 'int64' | 'float' | 'double', FormatDefinition<number>>
> = {
  int32: { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX },
  int64: { type: 'number', validate: (n: number) => Number.isInteger(n) },
  float: { type: 'number', validate: (n: number) => Number.isFinite(n) },
  double: { type: 'number', validate: (n: number) => Number.isFinite(n) },
};

/**
 * The options every validator of the document uses: every error (a response lists all its
 * problems, a request error names every bad field), formats checked, and `strict: false` since
 * an OpenAPI document mixes annotations into its schemas.
 */
export const OPENAPI_AJV_OPTIONS: Readonly<Options> = {
  allErrors: true,
  allowUnionTypes: true,
  allowMatchingProperties: true,
  strict: false,
  validateFormats: true,
};

/**
 * A new Ajv (draft 2020-12) with {@link OPENAPI_AJV_OPTIONS}, ajv-formats' string formats, the
 * {@link OPENAPI_NUMBER_FORMATS} and the {@link OPENAPI_KEYWORDS}. Add the document with
 * `ajv.addSchema({ ...document, $id })` and compile `{ $ref: `${$id}#/pointer` }`.
 */
export function createOpenApiAjv(): Ajv2020 {
  const ajv = new Ajv2020({ ...OPENAPI_AJV_OPTIONS });
  addFormats(ajv);
  for (const [name, format] of Object.entries(OPENAPI_NUMBER_FORMATS)) {
    ajv.addFormat(name, format);
  }
  ajv.addVocabulary([...OPENAPI_KEYWORDS]);
  ajv.addKeyword(decimalPlacesKeyword());
  return ajv;
}

/**
 * The API's own validation keyword: `x-decimal-places: n` on a number schema allows at most `n`
 * digits after the decimal point (`x-decimal-places: 2` is "an amount in cents"). JSON Schema's
 * `multipleOf: 0.01` says the same in theory, but binary floating point makes it refuse valid
 * amounts such as 0.07 or 19.99, and validators disagree on it; this keyword tolerates the
 * floating-point noise and words its error as people do. Validators that do not know it (a stock
 * Prism, for one) ignore it.
 */
export const DECIMAL_PLACES_KEYWORD = 'x-decimal-places';

/** The error message of an `x-decimal-places` violation, without the field name. */
export function decimalPlacesMessage(places: number): string {
  return `must have at most ${places} decimal places`;
}

/**
 * Whether `value` has at most `places` decimal places, tolerating binary floating-point noise
 * (`0.1 + 0.2`, or a large amount whose nearest double is a hair off its cents): the scaled value
 * must be within a few units in the last place of a whole number.
 */
export function hasAtMostDecimalPlaces(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  const tolerance = Math.max(1e-6, 8 * Number.EPSILON * Math.abs(scaled));
  return Math.abs(scaled - Math.round(scaled)) <= tolerance;
}

function decimalPlacesKeyword(): KeywordDefinition {
  const validate = (places: number, data: number): boolean => {
    if (hasAtMostDecimalPlaces(data, places)) {
      return true;
    }
    validate.errors = [{ keyword: DECIMAL_PLACES_KEYWORD, message: decimalPlacesMessage(places), params: { places } }];
    return false;
  };
  validate.errors = [] as Partial<ErrorObject>[];
  return { keyword: DECIMAL_PLACES_KEYWORD, type: 'number', schemaType: 'number', errors: true, validate };
}
