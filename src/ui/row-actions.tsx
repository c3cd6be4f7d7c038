import { IconButton } from './icon-button';

/** Why an action of the row is not allowed; null or absent = allowed. */
interface RowActionsDisabled {
  detail?: string | null;
  edit?: string | null;
  delete?: string | null;
}

interface RowActionsProps {
  onDetail?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Per action: the button stays visible but disabled, with this reason as tooltip and description. */
  disabledReason?: RowActionsDisabled;
}

/** The icon buttons of a list row, in this order: 'Detail', 'Edit', 'Hapus' (each optional). */
export function RowActions({ onDetail, onEdit, onDelete, disabledReason = {} }: RowActionsProps) {
  return (
    <>
      {onDetail && <IconButton label="Detail" icon="detail" tone="info" onClick={onDetail} disabledReason={disabledReason.detail} />}
      {onEdit && <IconButton label="Edit" icon="edit" tone="primary" onClick={onEdit} disabledReason={disabledReason.edit} />}
      {onDelete && <IconButton label="Hapus" icon="trash" tone="danger" onClick={onDelete} disabledReason={disabledReason.delete} />}
    </>
  );
}
