import type { InputHTMLAttributes } from 'react';
import { Field, type FieldProps } from './field';

interface TextFieldProps
  extends Pick<FieldProps, 'label' | 'hint' | 'error' | 'required' | 'className'>,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className' | 'required'> {
  value: string;
  /** The new text of the input. */
  onChange: (value: string) => void;
}

/** A Field holding one text input (autocomplete off unless given); `onChange` receives the text. */
export function TextField({ label, hint, error, required, className, value, onChange, autoComplete = 'off', ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      <input {...input} value={value} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}
