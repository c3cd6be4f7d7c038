import type { ButtonHTMLAttributes } from 'react';
import { Icon, type IconName } from './icons';
import { useReasonTip } from './reason-tip';
import './action-button.css';

type ActionButtonTone = 'primary' | 'info' | 'neutral';

interface ActionButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'title' | 'children'> {
  /** The visible text; also `aria-label` and the tooltip unless a reason or note replaces it. */
  label: string;
  icon: IconName;
  tone?: ActionButtonTone;
  /**
   * Why the action is not allowed: the button stays visible and focusable but `aria-disabled`,
   * the reason is its tooltip and `aria-description`, and shows in a bubble on tap, click or
   * keyboard focus (useReasonTip). Null = allowed.
   */
  disabledReason?: string | null;
  /** A remark that does not disable (e.g. the dialog opens read-only): tooltip and `aria-description`. */
  note?: string | null;
}

/**
 * A row action with an icon AND its name as visible text (36 px high in a table, at least
 * 44 × 44 px under 768 px). Use it where an icon alone does not say what happens next.
 */
export function ActionButton({
  label,
  icon,
  tone = 'primary',
  disabledReason,
  note,
  disabled,
  className,
  type = 'button',
  ...rest
}: ActionButtonProps) {
  const reason = disabledReason || note || undefined;
  const refused = useReasonTip<HTMLButtonElement>(disabledReason);
  return (
    <>
      <button
        type={type}
        aria-label={label}
        title={reason ?? label}
        aria-description={reason}
        aria-disabled={disabled || undefined}
        disabled={disabled}
        className={`action-btn action-btn-${tone} ${className ?? ''}`.trim()}
        {...rest}
        {...refused.buttonProps}
      >
        <Icon name={icon} size={18} />
        <span className="action-btn-text">{label}</span>
      </button>
      {refused.tip}
    </>
  );
}
