import * as serverKit from '@svc/server-kit';
import { describe, expect, it } from 'vitest';
import * as http from '../src/http/index.js';

describe('@svc/mock/http (deprecated)', () => {
  it('re-exports exactly @svc/server-kit, so existing imports keep working', () => {
    expect(Object.keys(http).sort()).toEqual(Object.keys(serverKit).sort());
    expect(http.acceptRequest).toBe(serverKit.acceptRequest);
  });
});
