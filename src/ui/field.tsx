import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import './form.css';

interface ControlProps {
  id?: string;
  'aria-required'?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export interface FieldProps {
  label: ReactNode;
  /** One input, select or textarea; it gets the id, aria-invalid and aria-describedby. */
  children: ReactElement<ControlProps>;
  /** A permanent help text under the control (e.g. 'ID tidak dapat diubah'). */
  hint?: ReactNode;
  /** A validation message; marks the control invalid. */
  error?: string | null;
  required?: boolean;
  className?: string;
}

/** A labelled form control with an optional hint and error, wired for screen readers. */
export function Field({ label, children, hint, error, required, className }: FieldProps) {
  const generated = useId();
  const id = (isValidElement(children) && children.props.id) || generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${className ?? ''}`.trim()}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {cloneElement(children, {
        id,
        'aria-required': required || children.props['aria-required'],
        'aria-invalid': error ? true : children.props['aria-invalid'],
        'aria-describedby': [children.props['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined,
      })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * After a failed validation: moves the focus to the first control marked aria-invalid inside
 * `container` (on the next frame, once React rendered the errors).
 */
export function focusFirstInvalid(container: HTMLElement | null): void {
  requestAnimationFrame(() => container?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
