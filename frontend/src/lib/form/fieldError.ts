import type { FieldError } from '../../config/types';

// The core's "allowed" text when it adds to the message. A range check's message already states
// the range ("must be an integer in [1, 64], got 0", allowed "an integer in [1, 64]"): shown
// twice it reads as a stutter, so only what the message does not say is added.
export function allowedBeyondMessage(error: FieldError): string | null {
  return error.allowed && !error.message.includes(error.allowed) ? error.allowed : null;
}

// An error as one line of text, for views that show a message rather than a field's error:
// "id: not an id (allowed: 24 to 64 hex characters)".
export function fieldErrorText(error: FieldError): string {
  const allowed = allowedBeyondMessage(error);
  return `${error.field}: ${error.message}${allowed ? ` (allowed: ${allowed})` : ''}`;
}

// The core's error as it belongs to the form field at `path`: the field's own, or one naming an
// item of it (topology.dims[1] belongs to topology.dims, whose input holds the whole list), with
// the item's place kept in front of the message ("[1]: must be ..."). Undefined otherwise.
export function errorForField(error: FieldError | null | undefined, path: string): FieldError | undefined {
  if (!error) return undefined;
  if (error.field === path) return error;
  const item = error.field.startsWith(`${path}[`) ? error.field.slice(path.length) : null;
  return item ? { ...error, message: `${item}: ${error.message}` } : undefined;
}
