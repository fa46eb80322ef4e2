/**
 * Where `documentation_url` points. By default the catalogue's URL of the hosted docs
 * (`documentationUrl`, generated from the spec); a server that runs beside its own copy of the
 * HTML reference (`npm start`) points it there instead, at the section of the error's type.
 */
import { documentationUrl, type ErrorType } from './generated/error-catalogue.gen.js';

/** The anchor of an error type's table in the HTML reference (`@svc/docs`), after the page's URL. */
export const ERROR_TYPE_ANCHOR = '#section/{type_lower}';

let documentationBase: string | undefined;

/**
 * Points every `documentation_url` this process writes at the HTML reference served at `base`
 * (`http://127.0.0.1:4030/`), or back at the hosted docs with `undefined`.
 */
export function setDocumentationBase(base: string | undefined): void {
  if (base !== undefined && !/^https?:\/\/[^\s]+$/.test(base)) {
    throw new Error(`the docs URL must be an http(s) URL, not "${base}"`);
  }
  documentationBase = base === undefined ? undefined : base.replace(/\/*$/, '/');
}

/**
 * The `documentation_url` of an error: the catalogue's URL, or with a base set (see
 * {@link setDocumentationBase}) the section of its type in the served reference.
 */
export function errorDocumentationUrl(errorType: ErrorType, errorCode: string): string {
  return documentationBase === undefined
    ? documentationUrl(errorType, errorCode)
    : `${documentationBase}${ERROR_TYPE_ANCHOR.replace('{type_lower}', errorType.toLowerCase())}`;
}
