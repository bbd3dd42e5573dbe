import type { FieldError } from '../config/types';
import { allowedBeyondMessage } from '../lib/form/fieldError';

// The part of the core's "allowed" text the message does not already say.
export function Allowed({ error }: { error: FieldError }) {
  const allowed = allowedBeyondMessage(error);
  if (!allowed) return null;
  return <span className="allowed" data-testid={`allowed-${error.field}`}> (allowed: {allowed})</span>;
}
