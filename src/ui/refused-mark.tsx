import './refused-mark.css';

/**
 * The mark of a row whose queued change the server refused: a red chip (`label`) and the
 * refusal text, visible on the row itself (the full list with retry / dismiss lives elsewhere).
 */
export function RefusedMark({ label, message }: { label: string; message: string }) {
  return (
    <span className="refused-mark">
      <span className="refused-chip">{label}</span>
      <span className="refused-text">{message}</span>
    </span>
  );
}
