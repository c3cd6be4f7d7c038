import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Icon, type IconName } from './icons';
import './ui.css';

export type IconButtonTone = 'default' | 'primary' | 'danger' | 'info';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'title' | 'children'> {
  /** The accessible name; also the tooltip (`title`). Required: the button shows no text. */
  label: string;
  icon: IconName;
  tone?: IconButtonTone;
  /** 'sm' = 36 px (rows of a desktop table), 'md' = 44 px (touch target). */
  size?: 'sm' | 'md';
  /**
   * Why the action is not allowed: the button stays visible but `disabled`, and the reason
   * replaces the label as tooltip (`title`) and is its `aria-description`. Null = allowed.
   */
  disabledReason?: string | null;
}

/** A button that shows only an icon; it always carries `aria-label` and a `title` tooltip (the label, or the reason it is disabled). */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, tone = 'default', size = 'md', disabledReason, className, type = 'button', disabled, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      title={disabledReason || label}
      aria-description={disabledReason || undefined}
      disabled={disabled || Boolean(disabledReason)}
      className={`kit-icon-btn kit-icon-btn-${tone} kit-icon-btn-${size} ${className ?? ''}`.trim()}
      {...rest}
    >
      <Icon name={icon} size={size === 'sm' ? 18 : 20} />
    </button>
  );
});
