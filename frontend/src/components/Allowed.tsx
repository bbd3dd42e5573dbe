import type { FieldError } from '../config/types';

// The core's "allowed" text when it adds to the message. A range check's message already states
// the range ("must be an integer in [1, 64], got 0", allowed "an integer in [1, 64]"): shown
// twice it reads as a stutter, so only what the message does not say is added.
export function allowedBeyondMessage(error: FieldError): string | null {
  return error.allowed && !error.message.includes(error.allowed) ? error.allowed : null;
}

export function Allowed({ error }: { error: FieldError }) {
  const allowed = allowedBeyondMessage(error);
  if (!allowed) return null;
  return <span className="allowed" data-testid={`allowed-${error.field}`}> (allowed: {allowed})</span>;
}
