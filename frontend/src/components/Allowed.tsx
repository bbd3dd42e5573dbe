import type { FieldError } from '../config/types';

// The core's "allowed" text beside its message, when it has one.
export function Allowed({ error }: { error: FieldError }) {
  if (!error.allowed) return null;
  return <span className="allowed" data-testid={`allowed-${error.field}`}> (allowed: {error.allowed})</span>;
}
