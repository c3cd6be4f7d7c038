/** The 0–100 score input of the score tables (the mentor's Penilaian and HR's Edit Nilai). */
interface ScoreInputProps {
  id: string;
  value: string;
  disabled: boolean;
  /** The text as typed; a half-typed value the browser cannot parse ('1e', '-') never arrives. */
  onText: (typed: string) => void;
}

export function ScoreInput({ id, value, disabled, onText }: ScoreInputProps) {
  return (
    <input
      id={id}
      className="nilai-input"
      type="number"
      inputMode="numeric"
      min={0}
      max={100}
      step={1}
      value={value}
      disabled={disabled}
      onChange={(event) => {
        if (event.currentTarget.validity.badInput) return;
        onText(event.currentTarget.value);
      }}
    />
  );
}
