import { hasErrorCode, isApiError, isSvcError, type SvcClient } from '@svc/client';

/** Reads balances, telling apart the failures a caller reacts to differently. */
export async function balances(client: SvcClient, accessToken: string) {
  try {
    const { accounts } = await client.authGet({ access_token: accessToken });
    return { accounts };
  } catch (error) {
    if (hasErrorCode(error, 'ITEM_LOGIN_REQUIRED')) {
      return { relink: true, message: error.display_message }; // send the user through Link again
    }
    if (isApiError(error, 'RATE_LIMIT_EXCEEDED', 'API_ERROR')) {
      return { retryInMs: error.retryAfterMs ?? 60_000, requestId: error.request_id };
    }
    if (isSvcError(error, 'timeout') || isSvcError(error, 'network')) {
      return { retryInMs: 5_000 };
    }
    throw error; // its message, JSON and stack never contain your secret
  }
}
