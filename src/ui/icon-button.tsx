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
}

/** A button that shows only an icon; it always carries `aria-label` and `title` (CONTRACT). */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, tone = 'default', size = 'md', className, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      title={label}
      className={`kit-icon-btn kit-icon-btn-${tone} kit-icon-btn-${size} ${className ?? ''}`.trim()}
      {...rest}
    >
      <Icon name={icon} size={size === 'sm' ? 18 : 20} />
    </button>
  );
});
