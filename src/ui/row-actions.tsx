import { IconButton } from './icon-button';

interface RowActionsProps {
  onDetail?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** The icon buttons of a list row, in the spec's order: 'Detail', 'Edit', 'Hapus' (each optional). */
export function RowActions({ onDetail, onEdit, onDelete }: RowActionsProps) {
  return (
    <>
      {onDetail && <IconButton label="Detail" icon="detail" tone="info" onClick={onDetail} />}
      {onEdit && <IconButton label="Edit" icon="edit" tone="primary" onClick={onEdit} />}
      {onDelete && <IconButton label="Hapus" icon="trash" tone="danger" onClick={onDelete} />}
    </>
  );
}
