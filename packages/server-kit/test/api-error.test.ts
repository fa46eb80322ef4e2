import { describe, expect, it } from 'vitest';
import { createApiError, documentationUrl, type ErrorType } from '../src/api-error.js';
import { errorCatalogue } from '../src/error-catalogue.js';
import { newRequestId } from '../src/request-id.js';

describe('documentationUrl', () => {
  it.each<[ErrorType, string, string]>([
    ['INVALID_REQUEST', 'MISSING_FIELDS', 'https://docs.svc.example/errors/invalid-request#missing_fields'],
    ['INVALID_INPUT', 'MISSING_CREDENTIALS', 'https://docs.svc.example/errors/invalid-input#missing_credentials'],
    ['ITEM_ERROR', 'ITEM_LOGIN_REQUIRED', 'https://docs.svc.example/errors/item#item_login_required'],
    [
      'BANK_TRANSFER_ERROR',
      'BANK_TRANSFER_INSUFFICIENT_FUNDS',
      'https://docs.svc.example/errors/bank-transfer#bank_transfer_insufficient_funds',
    ],
    ['RATE_LIMIT_EXCEEDED', 'RATE_LIMIT', 'https://docs.svc.example/errors/rate-limit-exceeded#rate_limit'],
    ['API_ERROR', 'INTERNAL_SERVER_ERROR', 'https://docs.svc.example/errors/api#internal_server_error'],
  ])('%s / %s → %s', (type, code, url) => {
    expect(documentationUrl(type, code)).toBe(url);
  });
});

describe('createApiError', () => {
  it('fills every ApiError field, deriving documentation_url from type and code', () => {
    expect(
      createApiError({
        status: 404,
        errorType: 'INVALID_REQUEST',
        errorCode: 'NOT_FOUND',
        message: 'm',
        requestId: 'r',
      }),
    ).toEqual({
      error_type: 'INVALID_REQUEST',
      error_code: 'NOT_FOUND',
      error_message: 'm',
      display_message: null,
      request_id: 'r',
      causes: [],
      status: 404,
      documentation_url: 'https://docs.svc.example/errors/invalid-request#not_found',
      suggested_action: 'Check the path for typing errors against the API reference.',
    });
  });

  it.each<[string, { errorType: ErrorType; errorCode: string; suggestedAction?: string | null }, string | null]>([
    [
      'the caller gives one',
      { errorType: 'INVALID_REQUEST', errorCode: 'NOT_FOUND', suggestedAction: 'Call /auth/get.' },
      'Call /auth/get.',
    ],
    [
      'the caller gives none: the catalogue row of type and code',
      { errorType: 'ITEM_ERROR', errorCode: 'PRODUCT_NOT_READY' },
      "Retry the request in a few minutes, or wait for the Item's webhook.",
    ],
    [
      'the same code under another type',
      { errorType: 'ASSET_REPORT_ERROR', errorCode: 'PRODUCT_NOT_READY', suggestedAction: null },
      'Retry once the asset report has been generated.',
    ],
    ['a code the catalogue does not list', { errorType: 'INVALID_REQUEST', errorCode: 'SOMETHING_NEW' }, null],
  ])('suggested_action when %s', (_name, init, want) => {
    expect(createApiError({ status: 400, message: 'm', ...init }).suggested_action).toBe(want);
  });

  it.each<[ErrorType, string, number]>([
    ['INVALID_REQUEST', 'NOT_FOUND', 404],
    ['INVALID_REQUEST', 'BODY_TOO_LARGE', 413],
    ['INVALID_INPUT', 'MISSING_CREDENTIALS', 401],
    ['API_ERROR', 'INTERNAL_SERVER_ERROR', 500],
  ])('takes the status of %s / %s from the catalogue when the caller gives none', (errorType, errorCode, status) => {
    expect(createApiError({ errorType, errorCode, message: 'm' }).status).toBe(status);
    expect(status).toBe(errorCatalogue.get(errorType, errorCode).status);
  });

  it('refuses a code the catalogue does not list without a status', () => {
    expect(() => createApiError({ errorType: 'INVALID_REQUEST', errorCode: 'SOMETHING_NEW', message: 'm' })).toThrow(
      'INVALID_REQUEST / SOMETHING_NEW is not in the error catalogue: give its status',
    );
  });

  it('makes a request id when none is given', () => {
    const error = createApiError({ status: 400, errorType: 'INVALID_REQUEST', errorCode: 'X', message: 'm' });
    expect(error.request_id).toMatch(/^[A-Za-z0-9]{15}$/);
  });
});

describe('newRequestId', () => {
  it('gives 15 letters and digits, different each time (across batches of random bytes)', () => {
    const ids = new Set(Array.from({ length: 1000 }, newRequestId));
    expect(ids.size).toBe(1000);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9]{15}$/);
    }
  });
});
