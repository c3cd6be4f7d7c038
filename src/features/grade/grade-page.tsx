import { useApi } from '@/api/api-context';
import type { GradeRecord } from '@/db/records';
import { gradeChip } from '@/domain/grade';
import { entityMessages } from '@/domain/master-data';
import { MSG } from '@/domain/messages';
import { Badge } from '@/ui/badge';
import { jenjangTone } from '@/ui/badge-palette';
import { rowActionsColumn, useCrudFlow } from '@/ui/crud-flow';
import type { DataTableColumn } from '@/ui/data-table';
import { ListPage } from '@/ui/list-page';
import { useBoundAction } from '@/ui/use-async-action';
import { gradeActions } from './save-grade';
import { GradeFormModal } from './grade-form-modal';
import { useGrade } from './use-grade';
import './grade.css';

/** '/grade' ('Management Grade Template', HR): paged table of transcript templates, add / edit / delete. */
export function GradePage() {
  const api = useApi();
  const data = useGrade(api);
  const flow = useCrudFlow<GradeRecord>({
    remove: useBoundAction(api, gradeActions.remove),
    messages: entityMessages('Template grade'),
    confirm: { message: () => MSG.gradeDeleteConfirm },
  });

  const columns: DataTableColumn<GradeRecord>[] = [
    { id: 'nama', header: 'Nama Template', card: 'title', cell: (row) => row.nama },
    { id: 'jenjang', header: 'Jenjang', width: '8rem', cell: (row) => <Badge tone={jenjangTone(row.kategori)}>{row.kategori}</Badge> },
    { id: 'deskripsi', header: 'Deskripsi', cell: (row) => row.deskripsi || <span className="muted">-</span> },
    {
      id: 'ambang',
      header: 'Ambang Nilai',
      cell: (row) => (
        <ul className="grade-chips">
          {row.items.map((item) => (
            <li key={`${item.huruf}-${item.min}`}>
              <Badge tone="primary">{gradeChip(item)}</Badge>
            </li>
          ))}
        </ul>
      ),
    },
    rowActionsColumn(flow),
  ];

  return (
    <ListPage
      title="Management Grade Template"
      flow={flow}
      add={{ label: 'Tambah Template' }}
      data={data}
      failedMessage={MSG.gradeLoadFailed}
      staleMessage={MSG.staleMirror}
      label="Daftar Template Grade"
      columns={columns}
    >
      {flow.form && <GradeFormModal api={api} {...flow.form} />}
    </ListPage>
  );
}
