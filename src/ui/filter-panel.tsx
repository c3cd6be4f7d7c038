import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Icon } from './icons';
import { useDismiss } from './use-dismiss';
import './filter.css';

interface FilterPanelProps {
  /** Filters in force; shown as a badge on the button when above 0. */
  activeCount: number;
  /** Called when the panel opens: copy the applied filters into the draft the panel edits. */
  onOpen?: () => void;
  /** 'Terapkan': apply the draft; the panel closes. */
  onApply: () => void;
  /** 'Reset': clear the draft and the applied filters; the panel closes. */
  onReset: () => void;
  /** The draft's controls (DateRangeFilter, selects). */
  children: ReactNode;
  /** Text of the button and name of the panel (default 'Filter'). */
  label?: string;
  applyLabel?: string;
  resetLabel?: string;
}

/**
 * A filter button with a count badge that opens a panel of filter controls with Reset and
 * Terapkan. The panel is a non-modal popover: a click outside or Esc closes it without
 * applying. The caller owns both the draft (edited by `children`) and the applied filters.
 */
export function FilterPanel({
  activeCount,
  onOpen,
  onApply,
  onReset,
  children,
  label = 'Filter',
  applyLabel = 'Terapkan',
  resetLabel = 'Reset',
}: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('button, input, select')?.focus();
  }, [open]);
  useDismiss(open, rootRef, (byEscape) => (byEscape ? close(true) : setOpen(false)));

  return (
    <div ref={rootRef} className="filter-panel-root">
      <button
        ref={buttonRef}
        type="button"
        className={`btn btn-secondary filter-button${activeCount > 0 ? ' is-active' : ''}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          if (open) {
            setOpen(false);
            return;
          }
          onOpen?.();
          setOpen(true);
        }}
      >
        <Icon name="filter" size={18} />
        {label}
        {activeCount > 0 && (
          <>
            <span className="filter-count" aria-hidden="true">
              {activeCount}
            </span>
            <span className="sr-only"> ({activeCount} aktif)</span>
          </>
        )}
      </button>
      {open && (
        <div ref={panelRef} id={panelId} className="filter-panel" role="dialog" aria-label={label}>
          <div className="filter-panel-body">{children}</div>
          <div className="filter-panel-footer">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                onReset();
                close(true);
              }}
            >
              {resetLabel}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                onApply();
                close(true);
              }}
            >
              {applyLabel}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The `<option>`s. */
  children: ReactNode;
}

/** One labelled select of a filter panel (`.filter-field`). */
export function FilterSelect({ label, value, onChange, children }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}
