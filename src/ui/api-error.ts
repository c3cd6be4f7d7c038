/** Title of the error popup when the answer names no error. */
export const ERROR_TITLE = 'Error';

/** Body of the API error popup when the answer has no message. */
const UNKNOWN_ERROR_TEXT = 'Terjadi kesalahan tidak diketahui.';

/** An API error body as the popup reads it: `error` becomes the title, `message` the body. */
export interface ApiErrorBody {
  error?: string | null;
  message?: string | null;
}

/**
 * Title and body of the API error popup: the response's error as title (else 'Error'),
 * its message as body (else 'Terjadi kesalahan tidak diketahui.'). Pure.
 */
export function apiErrorContent(body: ApiErrorBody | null | undefined): { title: string; message: string } {
  const title = body?.error?.trim() || ERROR_TITLE;
  const message = body?.message?.trim() || UNKNOWN_ERROR_TEXT;
  return { title, message };
}
