import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from './icons';
import { useDebouncedValue } from './use-debounced-value';
import './form.css';

interface SearchInputProps {
  /** Called with the text once typing paused for `delay` ms (and at once on Enter or clear). */
  onSearch: (text: string) => void;
  placeholder: string;
  /** Accessible name (default: the placeholder). */
  label?: string;
  /** Debounce in ms; default 400 (every list search). */
  delay?: number;
  /** Starting text. */
  initialValue?: string;
  className?: string;
}

/** A search box that reports its text debounced; a clear button appears while it has text. */
export function SearchInput({ onSearch, placeholder, label, delay = 400, initialValue = '', className }: SearchInputProps) {
  const id = useId();
  const [text, setText] = useState(initialValue);
  const debounced = useDebouncedValue(text, delay);
  const reported = useRef(initialValue);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  function report(value: string) {
    if (value === reported.current) return;
    reported.current = value;
    onSearchRef.current(value);
  }

  useEffect(() => report(debounced), [debounced]);

  return (
    <div className={`search-input ${className ?? ''}`.trim()}>
      <label htmlFor={id} className="sr-only">
        {label ?? placeholder}
      </label>
      <Icon name="search" size={18} className="search-input-icon" />
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') report(text);
        }}
      />
      {text !== '' && (
        <button
          type="button"
          className="search-input-clear"
          aria-label="Bersihkan pencarian"
          title="Bersihkan pencarian"
          onClick={() => {
            setText('');
            report('');
          }}
        >
          <Icon name="close" size={16} />
        </button>
      )}
    </div>
  );
}
