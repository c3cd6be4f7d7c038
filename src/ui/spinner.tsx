import './ui.css';

/** A small rotating ring. With `label` it is announced (role="status"), otherwise decorative. */
export function Spinner({ label, size = 20 }: { label?: string; size?: number }) {
  const ring = <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />;
  if (!label) return ring;
  return (
    <span className="spinner-wrap" role="status">
      {ring}
      <span className="spinner-label">{label}</span>
    </span>
  );
}
