import type { HTMLAttributes, ReactNode } from 'react';
import './ui.css';

/** Colour variants of a Badge. */
export type BadgeTone = 'neutral' | 'primary' | 'success' | 'danger' | 'warning' | 'info' | 'purple';

interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  children: ReactNode;
}

/** A small rounded label (status, role, level). Extra props (title, tabIndex, aria-*) pass through. */
export function Badge({ tone = 'neutral', className, children, ...rest }: BadgeProps) {
  return (
    <span className={`badge badge-${tone} ${className ?? ''}`.trim()} {...rest}>
      {children}
    </span>
  );
}
