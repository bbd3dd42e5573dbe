import type { ReactNode } from 'react';

// A wide table scrolls sideways inside the page instead of widening it (390 px phones). The
// region is focusable and named so keyboard users can scroll it too.
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
