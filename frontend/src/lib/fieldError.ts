import type { FieldError } from '../config/types';

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
