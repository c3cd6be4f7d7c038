import type { ReactNode } from 'react';
import { Modal, type ModalProps } from './modal';

interface DetailModalProps extends Omit<ModalProps, 'open' | 'footer'> {
  /** The one footer button's text; it calls `onClose`. Default 'Tutup'. */
  closeLabel?: ReactNode;
}

/**
 * A modal to read, not to edit: its footer is one secondary button that closes it ('Tutup', or
 * 'Batal' where the dialog offers choices of its own). Mounted per opening.
 */
export function DetailModal({ closeLabel = 'Tutup', ...modal }: DetailModalProps) {
  return (
    <Modal
      open
      {...modal}
      footer={
        <button type="button" className="btn btn-secondary" onClick={modal.onClose}>
          {closeLabel}
        </button>
      }
    />
  );
}

/** Label / value rows (`.detail-list`): a record's fields in a detail modal. */
export function DetailList({ rows }: { rows: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <dl className="detail-list">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
