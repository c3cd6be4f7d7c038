import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Icon, type IconName } from './icons';
import { useReasonTip } from './reason-tip';
import './ui.css';

type IconButtonTone = 'default' | 'primary' | 'danger' | 'info';

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'title' | 'children'> {
  /** The accessible name; also the tooltip (`title`). Required: the button shows no text. */
  label: string;
  icon: IconName;
  tone?: IconButtonTone;
  /** 'sm' = 36 px (rows of a desktop table), 'md' = 44 px (touch target). */
  size?: 'sm' | 'md';
  /**
   * Why the action is not allowed: the button stays visible and focusable but `aria-disabled`,
   * the reason replaces the label as tooltip (`title`), is its `aria-description`, and shows in
   * a bubble on tap, click or keyboard focus (useReasonTip). Null = allowed.
   */
  disabledReason?: string | null;
}

/** A button that shows only an icon; it always carries `aria-label` and a `title` tooltip (the label, or the reason it is disabled). */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, tone = 'default', size = 'md', disabledReason, className, type = 'button', ...rest },
  ref,
) {
  const reason = useReasonTip<HTMLButtonElement>(disabledReason);
  const { ref: tipRef, ...reasonProps } = reason.buttonProps;
  return (
    <>
      <button
        ref={(element) => {
          tipRef(element);
          if (typeof ref === 'function') ref(element);
          else if (ref) ref.current = element;
        }}
        type={type}
        aria-label={label}
        title={disabledReason || label}
        aria-description={disabledReason || undefined}
        className={`kit-icon-btn kit-icon-btn-${tone} kit-icon-btn-${size} ${className ?? ''}`.trim()}
        {...rest}
        {...reasonProps}
      >
        <Icon name={icon} size={size === 'sm' ? 18 : 20} />
      </button>
      {reason.tip}
    </>
  );
});
