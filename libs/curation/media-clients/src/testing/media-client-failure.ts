// Test support: awaits a promise that must fail with a MediaClientError and returns the error.
import { MediaClientError } from '../http/media-client.error';

export async function mediaClientFailure(promise: Promise<unknown>): Promise<MediaClientError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MediaClientError) return error;
    throw error;
  }
  throw new Error('expected a MediaClientError, the call succeeded');
}
